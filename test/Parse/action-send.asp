// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'send e;' to the default output queue; the operand is any C++ expression.
Module Producer {
  void run() {
    QueueElement q = QueueElement(new Payload(1));
    send q;
    send QueueElement(new Payload{2, 3});
    if (ready) { send make_element(a[0], b); }
  }
}

// CHECK:TranslationUnit {{.*}}action-send.asp
// CHECK-NEXT:  ActionModuleDecl Producer <3:1-10:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement q = QueueElement(new Payload(1));\n    " <3:18-6:4>
// CHECK-NEXT:    Send <6:5-6:11>
// CHECK-NEXT:      Cxx "q" <6:10-6:10>
// CHECK-NEXT:    Cxx "\n    " <6:12-7:4>
// CHECK-NEXT:    Send <7:5-7:41>
// CHECK-NEXT:      Cxx "QueueElement(new Payload{2, 3})" <7:10-7:40>
// CHECK-NEXT:    Cxx "\n    if (ready) { " <7:42-8:17>
// CHECK-NEXT:    Send <8:18-8:44>
// CHECK-NEXT:      Cxx "make_element(a[0], b)" <8:23-8:43>
// CHECK-NEXT:    Cxx " }\n  }\n" <8:45-9:4>

// A root module that passes what Producer sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Producer, Module Sink {
  void initialize() {
    Producer p;
    Sink s;
    flow:
      p ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <28:1-35:1>
// CHECK-NEXT:    Requires Producer <28:37-28:44>
// CHECK-NEXT:    Requires Sink <28:54-28:57>
// CHECK-NEXT:    Initialize <29:3-34:3>
// CHECK-NEXT:      InstanceDecl Producer <30:5-30:15>
// CHECK-NEXT:        Declarator p <30:14-30:14>
// CHECK-NEXT:      InstanceDecl Sink <31:5-31:11>
// CHECK-NEXT:        Declarator s <31:10-31:10>
// CHECK-NEXT:      FlowLabel <32:5-32:9>
// CHECK-NEXT:      FlowStmt <33:7-33:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <33:7-33:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <33:13-33:13>
// CHECK-NEXT:  ActionModuleDecl Sink <37:1-39:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <37:14-38:32>
// CHECK-NEXT:    Dequeue <38:33-38:41>
// CHECK-NEXT:    Cxx "; }\n" <38:42-38:45>

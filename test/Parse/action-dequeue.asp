// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'dequeue()' reads the default input queue, 'dequeue(q)' a named one.
Module Consumer {
  void run() {
    QueueElement a = dequeue();
    QueueElement b = dequeue(inQueue2);
    while (dequeue ( control ).valid()) {}
  }
}

// CHECK:TranslationUnit {{.*}}action-dequeue.asp
// CHECK-NEXT:  ActionModuleDecl Consumer <3:1-9:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement a = " <3:18-5:21>
// CHECK-NEXT:    Dequeue <5:22-5:30>
// CHECK-NEXT:    Cxx ";\n    QueueElement b = " <5:31-6:21>
// CHECK-NEXT:    Dequeue inQueue2 <6:22-6:38>
// CHECK-NEXT:    Cxx ";\n    while (" <6:39-7:11>
// CHECK-NEXT:    Dequeue control <7:12-7:30>
// CHECK-NEXT:    Cxx ".valid()) {}\n  }\n" <7:31-8:4>

// Consumer's named input queues, and a root module that feeds all three of
// its input queues, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Declare Module Consumer {
  Input Queue is inQueue2, control;
}

Module Main is Root requires Module Source, Module Consumer {
  void initialize() {
    Source s;
    Consumer c;
    flow:
      s ||| c, c.inQueue2, c.control;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

// CHECK-NEXT:  DeclareModuleDecl Consumer <24:1-26:1>
// CHECK-NEXT:    InputQueue inQueue2 <25:18-25:25>
// CHECK-NEXT:    InputQueue control <25:28-25:34>
// CHECK-NEXT:  RootModuleDecl Main <28:1-35:1>
// CHECK-NEXT:    Requires Source <28:37-28:42>
// CHECK-NEXT:    Requires Consumer <28:52-28:59>
// CHECK-NEXT:    Initialize <29:3-34:3>
// CHECK-NEXT:      InstanceDecl Source <30:5-30:13>
// CHECK-NEXT:        Declarator s <30:12-30:12>
// CHECK-NEXT:      InstanceDecl Consumer <31:5-31:15>
// CHECK-NEXT:        Declarator c <31:14-31:14>
// CHECK-NEXT:      FlowLabel <32:5-32:9>
// CHECK-NEXT:      FlowStmt <33:7-33:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <33:7-33:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref c <33:13-33:13>
// CHECK-NEXT:          Ref c.inQueue2 <33:16-33:25>
// CHECK-NEXT:          Ref c.control <33:28-33:36>
// CHECK-NEXT:  ActionModuleDecl Source <37:1-39:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <37:16-38:15>
// CHECK-NEXT:    Send <38:16-38:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <38:21-38:44>
// CHECK-NEXT:    Cxx " }\n" <38:46-38:48>

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'send e on q;' to a named output queue.
Module Producer {
  void run() {
    send qs2 on outQueue1;
    send QueueElement(new Payload(toggle_on)) on errors;
  }
}

// CHECK:TranslationUnit {{.*}}action-send-on.asp
// CHECK-NEXT:  ActionModuleDecl Producer <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    " <3:18-5:4>
// CHECK-NEXT:    Send on outQueue1 <5:5-5:26>
// CHECK-NEXT:      Cxx "qs2" <5:10-5:12>
// CHECK-NEXT:    Cxx "\n    " <5:27-6:4>
// CHECK-NEXT:    Send on errors <6:5-6:56>
// CHECK-NEXT:      Cxx "QueueElement(new Payload(toggle_on))" <6:10-6:45>
// CHECK-NEXT:    Cxx "\n  }\n" <6:57-7:4>

// Producer's named output queues, and a root module that passes what
// Producer sends on them to a sink, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Declare Module Producer {
  Output Queue is outQueue1, errors;
}

Module Main is Root requires Module Producer, Module Sink {
  void initialize() {
    Producer p;
    Sink k;
    flow:
      p.outQueue1, p.errors ||| k;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  DeclareModuleDecl Producer <23:1-25:1>
// CHECK-NEXT:    OutputQueue outQueue1 <24:19-24:27>
// CHECK-NEXT:    OutputQueue errors <24:30-24:35>
// CHECK-NEXT:  RootModuleDecl Main <27:1-34:1>
// CHECK-NEXT:    Requires Producer <27:37-27:44>
// CHECK-NEXT:    Requires Sink <27:54-27:57>
// CHECK-NEXT:    Initialize <28:3-33:3>
// CHECK-NEXT:      InstanceDecl Producer <29:5-29:15>
// CHECK-NEXT:        Declarator p <29:14-29:14>
// CHECK-NEXT:      InstanceDecl Sink <30:5-30:11>
// CHECK-NEXT:        Declarator k <30:10-30:10>
// CHECK-NEXT:      FlowLabel <31:5-31:9>
// CHECK-NEXT:      FlowStmt <32:7-32:34>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p.outQueue1 <32:7-32:17>
// CHECK-NEXT:          Ref p.errors <32:20-32:27>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <32:33-32:33>
// CHECK-NEXT:  ActionModuleDecl Sink <36:1-38:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <36:14-37:32>
// CHECK-NEXT:    Dequeue <37:33-37:41>
// CHECK-NEXT:    Cxx "; }\n" <37:42-37:45>

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Labels are optional; a data_section may follow the queues.
Declare Module Node {
  Output Queue is outQueue1;
  Input Queue is inQueue1;
  data_section { int count; }
}

// CHECK:TranslationUnit {{.*}}declare-queues-unlabelled.asp
// CHECK-NEXT:  DeclareModuleDecl Node <3:1-7:1>
// CHECK-NEXT:    DataSection " int count; " <6:17-6:28>
// CHECK-NEXT:    InputQueue inQueue1 <5:18-5:25>
// CHECK-NEXT:    OutputQueue outQueue1 <4:19-4:27>

// Node, and a root module that passes messages from a source through two
// nodes to a sink, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Node {
  void run() {
    ++count;
    send dequeue(inQueue1) on outQueue1;
  }
}

Module Main is Root requires Module Source, Module Node, Module Sink {
  void initialize() {
    Source s;
    Node a, b;
    Sink k;
    flow:
      s ||| a.inQueue1;
      a.outQueue1 ||| b.inQueue1;
      b.outQueue1 ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  ActionModuleDecl Node <18:1-23:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    ++count;\n    " <18:14-21:4>
// CHECK-NEXT:    Send on outQueue1 <21:5-21:40>
// CHECK-NEXT:      Dequeue inQueue1 <21:10-21:26>
// CHECK-NEXT:    Cxx "\n  }\n" <21:41-22:4>
// CHECK-NEXT:  RootModuleDecl Main <25:1-35:1>
// CHECK-NEXT:    Requires Source <25:37-25:42>
// CHECK-NEXT:    Requires Node <25:52-25:55>
// CHECK-NEXT:    Requires Sink <25:65-25:68>
// CHECK-NEXT:    Initialize <26:3-34:3>
// CHECK-NEXT:      InstanceDecl Source <27:5-27:13>
// CHECK-NEXT:        Declarator s <27:12-27:12>
// CHECK-NEXT:      InstanceDecl Node <28:5-28:14>
// CHECK-NEXT:        Declarator a <28:10-28:10>
// CHECK-NEXT:        Declarator b <28:13-28:13>
// CHECK-NEXT:      InstanceDecl Sink <29:5-29:11>
// CHECK-NEXT:        Declarator k <29:10-29:10>
// CHECK-NEXT:      FlowLabel <30:5-30:9>
// CHECK-NEXT:      FlowStmt <31:7-31:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <31:7-31:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a.inQueue1 <31:13-31:22>
// CHECK-NEXT:      FlowStmt <32:7-32:33>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a.outQueue1 <32:7-32:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b.inQueue1 <32:23-32:32>
// CHECK-NEXT:      FlowStmt <33:7-33:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b.outQueue1 <33:7-33:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <33:23-33:23>
// CHECK-NEXT:  ActionModuleDecl Source <37:1-39:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <37:16-38:15>
// CHECK-NEXT:    Send <38:16-38:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <38:21-38:44>
// CHECK-NEXT:    Cxx " }\n" <38:46-38:48>
// CHECK-NEXT:  ActionModuleDecl Sink <41:1-43:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <41:14-42:32>
// CHECK-NEXT:    Dequeue <42:33-42:41>
// CHECK-NEXT:    Cxx "; }\n" <42:42-42:45>

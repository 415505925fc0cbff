// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Extensions nest inside each other and inside send operands.
Module Relay {
  void run() {
    double *p = getPayload(dequeue());
    auto &m = getPayload<Matrix>(dequeue(inQueue2));
    send dequeue();
    send dequeue(control) on log;
    send QueueElement(new Payload(getPayload<int>(q) + 1));
  }
}

// CHECK:TranslationUnit {{.*}}action-nested-extensions.asp
// CHECK-NEXT:  ActionModuleDecl Relay <3:1-11:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    double *p = " <3:15-5:16>
// CHECK-NEXT:    GetPayload <5:17-5:37>
// CHECK-NEXT:      Dequeue <5:28-5:36>
// CHECK-NEXT:    Cxx ";\n    auto &m = " <5:38-6:14>
// CHECK-NEXT:    GetPayload <Matrix> <6:15-6:51>
// CHECK-NEXT:      Dequeue inQueue2 <6:34-6:50>
// CHECK-NEXT:    Cxx ";\n    " <6:52-7:4>
// CHECK-NEXT:    Send <7:5-7:19>
// CHECK-NEXT:      Dequeue <7:10-7:18>
// CHECK-NEXT:    Cxx "\n    " <7:20-8:4>
// CHECK-NEXT:    Send on log <8:5-8:33>
// CHECK-NEXT:      Dequeue control <8:10-8:25>
// CHECK-NEXT:    Cxx "\n    " <8:34-9:4>
// CHECK-NEXT:    Send <9:5-9:59>
// CHECK-NEXT:      Cxx "QueueElement(new Payload(" <9:10-9:34>
// CHECK-NEXT:      GetPayload <int> <9:35-9:52>
// CHECK-NEXT:        Cxx "q" <9:51-9:51>
// CHECK-NEXT:      Cxx " + 1))" <9:53-9:58>
// CHECK-NEXT:    Cxx "\n  }\n" <9:60-10:4>

// Relay's named queues, and a root module that connects every queue Relay
// uses, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Declare Module Relay {
  Input Queue is inQueue2, control;
  Output Queue is log;
}

Module Main is Root requires Module Source, Module Relay, Module Sink {
  void initialize() {
    Source s;
    Relay r;
    Sink k;
    flow:
      s ||| r ||| k;
      s ||| r.inQueue2, r.control;
      r.log ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  DeclareModuleDecl Relay <38:1-41:1>
// CHECK-NEXT:    InputQueue inQueue2 <39:18-39:25>
// CHECK-NEXT:    InputQueue control <39:28-39:34>
// CHECK-NEXT:    OutputQueue log <40:19-40:21>
// CHECK-NEXT:  RootModuleDecl Main <43:1-53:1>
// CHECK-NEXT:    Requires Source <43:37-43:42>
// CHECK-NEXT:    Requires Relay <43:52-43:56>
// CHECK-NEXT:    Requires Sink <43:66-43:69>
// CHECK-NEXT:    Initialize <44:3-52:3>
// CHECK-NEXT:      InstanceDecl Source <45:5-45:13>
// CHECK-NEXT:        Declarator s <45:12-45:12>
// CHECK-NEXT:      InstanceDecl Relay <46:5-46:12>
// CHECK-NEXT:        Declarator r <46:11-46:11>
// CHECK-NEXT:      InstanceDecl Sink <47:5-47:11>
// CHECK-NEXT:        Declarator k <47:10-47:10>
// CHECK-NEXT:      FlowLabel <48:5-48:9>
// CHECK-NEXT:      FlowStmt <49:7-49:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <49:7-49:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r <49:13-49:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <49:19-49:19>
// CHECK-NEXT:      FlowStmt <50:7-50:34>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <50:7-50:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r.inQueue2 <50:13-50:22>
// CHECK-NEXT:          Ref r.control <50:25-50:33>
// CHECK-NEXT:      FlowStmt <51:7-51:18>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r.log <51:7-51:11>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <51:17-51:17>
// CHECK-NEXT:  ActionModuleDecl Source <55:1-57:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <55:16-56:15>
// CHECK-NEXT:    Send <56:16-56:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <56:21-56:44>
// CHECK-NEXT:    Cxx " }\n" <56:46-56:48>
// CHECK-NEXT:  ActionModuleDecl Sink <59:1-61:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <59:14-60:32>
// CHECK-NEXT:    Dequeue <60:33-60:41>
// CHECK-NEXT:    Cxx "; }\n" <60:42-60:45>

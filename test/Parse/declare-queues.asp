// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'Input:' and 'Output:' labels, and queue lists separated by commas.
Declare Module Router {
  Input:
    Input Queue is data, control;
    Input Queue is config;
  Output:
    Output Queue is left, right;
}

// CHECK:TranslationUnit {{.*}}declare-queues.asp
// CHECK-NEXT:  DeclareModuleDecl Router <3:1-9:1>
// CHECK-NEXT:    InputQueue data <5:20-5:23>
// CHECK-NEXT:    InputQueue control <5:26-5:32>
// CHECK-NEXT:    InputQueue config <6:20-6:25>
// CHECK-NEXT:    OutputQueue left <8:21-8:24>
// CHECK-NEXT:    OutputQueue right <8:27-8:31>

// Router, and a root module that feeds its three input queues and collects
// from its two output queues, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Router {
  void run() {
    QueueElement settings = dequeue(config);
    send dequeue(data) on left;
    send dequeue(control) on right;
  }
}

Module Main is Root requires Module Source, Module Router, Module Sink {
  void initialize() {
    Source s;
    Router r;
    Sink k;
    flow:
      s ||| r.data, r.control, r.config;
      r.left, r.right ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  ActionModuleDecl Router <22:1-28:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    QueueElement settings = " <22:16-24:28>
// CHECK-NEXT:    Dequeue config <24:29-24:43>
// CHECK-NEXT:    Cxx ";\n    " <24:44-25:4>
// CHECK-NEXT:    Send on left <25:5-25:31>
// CHECK-NEXT:      Dequeue data <25:10-25:22>
// CHECK-NEXT:    Cxx "\n    " <25:32-26:4>
// CHECK-NEXT:    Send on right <26:5-26:35>
// CHECK-NEXT:      Dequeue control <26:10-26:25>
// CHECK-NEXT:    Cxx "\n  }\n" <26:36-27:4>
// CHECK-NEXT:  RootModuleDecl Main <30:1-39:1>
// CHECK-NEXT:    Requires Source <30:37-30:42>
// CHECK-NEXT:    Requires Router <30:52-30:57>
// CHECK-NEXT:    Requires Sink <30:67-30:70>
// CHECK-NEXT:    Initialize <31:3-38:3>
// CHECK-NEXT:      InstanceDecl Source <32:5-32:13>
// CHECK-NEXT:        Declarator s <32:12-32:12>
// CHECK-NEXT:      InstanceDecl Router <33:5-33:13>
// CHECK-NEXT:        Declarator r <33:12-33:12>
// CHECK-NEXT:      InstanceDecl Sink <34:5-34:11>
// CHECK-NEXT:        Declarator k <34:10-34:10>
// CHECK-NEXT:      FlowLabel <35:5-35:9>
// CHECK-NEXT:      FlowStmt <36:7-36:40>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <36:7-36:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r.data <36:13-36:18>
// CHECK-NEXT:          Ref r.control <36:21-36:29>
// CHECK-NEXT:          Ref r.config <36:32-36:39>
// CHECK-NEXT:      FlowStmt <37:7-37:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref r.left <37:7-37:12>
// CHECK-NEXT:          Ref r.right <37:15-37:21>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <37:27-37:27>
// CHECK-NEXT:  ActionModuleDecl Source <41:1-43:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <41:16-42:15>
// CHECK-NEXT:    Send <42:16-42:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <42:21-42:44>
// CHECK-NEXT:    Cxx " }\n" <42:46-42:48>
// CHECK-NEXT:  ActionModuleDecl Sink <45:1-47:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <45:14-46:32>
// CHECK-NEXT:    Dequeue <46:33-46:41>
// CHECK-NEXT:    Cxx "; }\n" <46:42-46:45>

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Inside a root module used as a sub-graph, Input and Output name its own
// boundary queues, with or without a queue name.
Module Stage is Root requires Module Worker {
  void initialize() {
    Worker w[2];
    flow:
      Input ||| w[0];
      Input.control ||| w[1].control;
      w ||| Output;
      w[1].done ||| Output.done;
  }
}

// CHECK:TranslationUnit {{.*}}boundary-refs.asp
// CHECK-NEXT:  RootModuleDecl Stage <4:1-13:1>
// CHECK-NEXT:    Requires Worker <4:38-4:43>
// CHECK-NEXT:    Initialize <5:3-12:3>
// CHECK-NEXT:      InstanceDecl Worker <6:5-6:16>
// CHECK-NEXT:        Declarator w[2] <6:12-6:15>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:21>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Input <8:7-8:11>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref w[0] <8:17-8:20>
// CHECK-NEXT:      FlowStmt <9:7-9:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Input.control <9:7-9:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref w[1].control <9:25-9:36>
// CHECK-NEXT:      FlowStmt <10:7-10:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref w <10:7-10:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Output <10:13-10:18>
// CHECK-NEXT:      FlowStmt <11:7-11:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref w[1].done <11:7-11:15>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Output.done <11:21-11:31>

// Worker with its named queues, and a main root that uses Stage as a
// sub-root and connects all four of its boundary queues, make the file a
// complete program. Stage's own flows leave some of w[0]'s and w[1]'s queues
// unconnected, and -w silences the warnings about them.
// RUN: %aspenc --fsyntax-only -w %s
Declare Module Worker {
  Input Queue is control;
  Output Queue is done;
}

Module Worker {
  void run() { send dequeue(); }
}

Module Main is Root requires Module Source, Module Stage, Module Sink {
  void initialize() {
    Source s;
    Stage st;
    Sink k;
    flow:
      s ||| st ||| k;
      s ||| st.control;
      st.done ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  DeclareModuleDecl Worker <48:1-51:1>
// CHECK-NEXT:    InputQueue control <49:18-49:24>
// CHECK-NEXT:    OutputQueue done <50:19-50:22>
// CHECK-NEXT:  ActionModuleDecl Worker <53:1-55:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <53:16-54:15>
// CHECK-NEXT:    Send <54:16-54:30>
// CHECK-NEXT:      Dequeue <54:21-54:29>
// CHECK-NEXT:    Cxx " }\n" <54:31-54:33>
// CHECK-NEXT:  RootModuleDecl Main <57:1-67:1>
// CHECK-NEXT:    Requires Source <57:37-57:42>
// CHECK-NEXT:    Requires Stage <57:52-57:56>
// CHECK-NEXT:    Requires Sink <57:66-57:69>
// CHECK-NEXT:    Initialize <58:3-66:3>
// CHECK-NEXT:      InstanceDecl Source <59:5-59:13>
// CHECK-NEXT:        Declarator s <59:12-59:12>
// CHECK-NEXT:      InstanceDecl Stage <60:5-60:13>
// CHECK-NEXT:        Declarator st <60:11-60:12>
// CHECK-NEXT:      InstanceDecl Sink <61:5-61:11>
// CHECK-NEXT:        Declarator k <61:10-61:10>
// CHECK-NEXT:      FlowLabel <62:5-62:9>
// CHECK-NEXT:      FlowStmt <63:7-63:21>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <63:7-63:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref st <63:13-63:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <63:20-63:20>
// CHECK-NEXT:      FlowStmt <64:7-64:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <64:7-64:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref st.control <64:13-64:22>
// CHECK-NEXT:      FlowStmt <65:7-65:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref st.done <65:7-65:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <65:19-65:19>
// CHECK-NEXT:  ActionModuleDecl Source <69:1-71:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <69:16-70:15>
// CHECK-NEXT:    Send <70:16-70:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <70:21-70:44>
// CHECK-NEXT:    Cxx " }\n" <70:46-70:48>
// CHECK-NEXT:  ActionModuleDecl Sink <73:1-75:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <73:14-74:32>
// CHECK-NEXT:    Dequeue <74:33-74:41>
// CHECK-NEXT:    Cxx "; }\n" <74:42-74:45>

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

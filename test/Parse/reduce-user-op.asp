// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A reduce operation named by a user C++ function, plain or qualified.
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W p[4];
    Reduce r;
    flow:
      p ||| r(merge_min_loc) ||| p[0];
      p ||| r(ops::combine);
      p ||| Reduce(::global_op);
      p ||| Reduce(a::b::c) ||| p[1];
  }
}

// CHECK:TranslationUnit {{.*}}reduce-user-op.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-13:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Requires Reduce <3:47-3:52>
// CHECK-NEXT:    Initialize <4:3-12:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:11>
// CHECK-NEXT:        Declarator p[4] <5:7-5:10>
// CHECK-NEXT:      InstanceDecl Reduce <6:5-6:13>
// CHECK-NEXT:        Declarator r <6:12-6:12>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:38>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <8:7-8:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r(merge_min_loc) <8:13-8:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <8:34-8:37>
// CHECK-NEXT:      FlowStmt <9:7-9:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <9:7-9:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r(ops::combine) <9:13-9:27>
// CHECK-NEXT:      FlowStmt <10:7-10:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <10:7-10:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(::global_op) <10:13-10:31>
// CHECK-NEXT:      FlowStmt <11:7-11:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <11:7-11:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(a::b::c) <11:13-11:27>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1] <11:33-11:36>

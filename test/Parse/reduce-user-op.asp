// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A reduce operation named by a user C++ function, plain or qualified.
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W p[4], q[4], s[4], t[4];
    Reduce r, u;
    flow:
      p ||| r(merge_min_loc) ||| p[0];
      q ||| u(ops::combine);
      s ||| Reduce(::global_op);
      t ||| Reduce(a::b::c) ||| p[1];
  }
}

// CHECK:TranslationUnit {{.*}}reduce-user-op.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-13:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Requires Reduce <3:47-3:52>
// CHECK-NEXT:    Initialize <4:3-12:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:29>
// CHECK-NEXT:        Declarator p[4] <5:7-5:10>
// CHECK-NEXT:        Declarator q[4] <5:13-5:16>
// CHECK-NEXT:        Declarator s[4] <5:19-5:22>
// CHECK-NEXT:        Declarator t[4] <5:25-5:28>
// CHECK-NEXT:      InstanceDecl Reduce <6:5-6:16>
// CHECK-NEXT:        Declarator r <6:12-6:12>
// CHECK-NEXT:        Declarator u <6:15-6:15>
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
// CHECK-NEXT:          Ref q <9:7-9:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective u(ops::combine) <9:13-9:27>
// CHECK-NEXT:      FlowStmt <10:7-10:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <10:7-10:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(::global_op) <10:13-10:31>
// CHECK-NEXT:      FlowStmt <11:7-11:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref t <11:7-11:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(a::b::c) <11:13-11:27>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1] <11:33-11:36>

// The operations are C++ functions of Inputs/reduce-ops.h. Each output queue
// feeds at most one collective and each declared Reduce is used once, so
// every reduce has a vector of its own. W completes the program; the
// reductions need nothing of its body.
// RUN: %aspenc --fsyntax-only %s
#include "Inputs/reduce-ops.h"

Module W {
  void run() {}
}

// CHECK-NEXT:  DirectiveDecl include "Inputs/reduce-ops.h" <59:1-59:30>
// CHECK-NEXT:  ActionModuleDecl W <61:1-63:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <61:11-62:16>

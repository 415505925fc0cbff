// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A declared Reduce with receivers, and without receivers (all-reduce).
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W p[4], sink, q[4];
    Reduce r1, r2;
    flow:
      p ||| r1(sum) ||| p[0], p[2], sink;
      q ||| r2(max);
  }
}

// CHECK:TranslationUnit {{.*}}reduce-receivers.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Requires Reduce <3:47-3:52>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:23>
// CHECK-NEXT:        Declarator p[4] <5:7-5:10>
// CHECK-NEXT:        Declarator sink <5:13-5:16>
// CHECK-NEXT:        Declarator q[4] <5:19-5:22>
// CHECK-NEXT:      InstanceDecl Reduce <6:5-6:18>
// CHECK-NEXT:        Declarator r1 <6:12-6:13>
// CHECK-NEXT:        Declarator r2 <6:16-6:17>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:41>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <8:7-8:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r1(sum) <8:13-8:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <8:25-8:28>
// CHECK-NEXT:          Ref p[2] <8:31-8:34>
// CHECK-NEXT:          Ref sink <8:37-8:40>
// CHECK-NEXT:      FlowStmt <9:7-9:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <9:7-9:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r2(max) <9:13-9:19>

// Each output queue feeds at most one collective, so the all-reduce has
// contributors of its own. W completes the program; the reductions need
// nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <45:1-47:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <45:11-46:16>

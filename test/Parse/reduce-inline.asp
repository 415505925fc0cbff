// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Reduce written in place, without a declared instance.
Module Main is Root requires Module W {
  void initialize() {
    W p[4], q[4], s[2];
    flow:
      p ||| Reduce(sum) ||| p[0];
      q ||| Reduce(multiply);
      s[0:1] ||| Reduce(min) ||| p[3];
  }
}

// CHECK:TranslationUnit {{.*}}reduce-inline.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:23>
// CHECK-NEXT:        Declarator p[4] <5:7-5:10>
// CHECK-NEXT:        Declarator q[4] <5:13-5:16>
// CHECK-NEXT:        Declarator s[2] <5:19-5:22>
// CHECK-NEXT:      FlowLabel <6:5-6:9>
// CHECK-NEXT:      FlowStmt <7:7-7:33>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <7:7-7:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(sum) <7:13-7:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <7:29-7:32>
// CHECK-NEXT:      FlowStmt <8:7-8:29>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <8:7-8:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(multiply) <8:13-8:28>
// CHECK-NEXT:      FlowStmt <9:7-9:38>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s[0:1] <9:7-9:12>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective Reduce(min) <9:18-9:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[3] <9:34-9:37>

// Each output queue feeds at most one collective, so every reduce has
// contributors of its own. W completes the program; the reductions need
// nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <46:1-48:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <46:11-47:16>

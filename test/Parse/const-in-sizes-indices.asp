// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Constant expressions as vector sizes, indices and slice bounds.
Module Main is Root requires Module W {
  void initialize() {
    const int N = 4;
    W p[N], q[N * 2 + 1];
    flow:
      p[N-1] ||| q[2*N];
      p[0:N-1] ||| q[N:(N+1)*2 - 3];
  }
}

// CHECK:TranslationUnit {{.*}}const-in-sizes-indices.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      ConstDecl N = 4 <5:5-5:20>
// CHECK-NEXT:      InstanceDecl W <6:5-6:25>
// CHECK-NEXT:        Declarator p[N] <6:7-6:10>
// CHECK-NEXT:        Declarator q[((N * 2) + 1)] <6:13-6:24>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[(N - 1)] <8:7-8:12>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q[(2 * N)] <8:18-8:23>
// CHECK-NEXT:      FlowStmt <9:7-9:36>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0:(N - 1)] <9:7-9:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q[N:(((N + 1) * 2) - 3)] <9:20-9:35>

// W completes the program: p[i] feeds q[N + i], and q[2*N] hears from p[N-1].
// q[0:N-1] are left unconnected, and -w silences the warning about them.
// RUN: %aspenc --fsyntax-only -w %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <36:1-38:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <36:11-37:16>

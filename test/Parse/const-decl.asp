// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Constants: literal values and integer expressions over earlier constants.
// Binary operators group as in C: '*', '/' and '%' before '+' and '-', all
// left-associative; parentheses and unary minus are allowed.
Module Main is Root {
  void initialize() {
    const int N = 4;
    const int M = N * 2 - 1;
    const int K = (N + 1) * (M - 2) / 3 % 5;
    const int D = N - M - 1;
    const int Neg = -N + -(2);
  }
}

// CHECK:TranslationUnit {{.*}}const-decl.asp
// CHECK-NEXT:  RootModuleDecl Main <5:1-13:1>
// CHECK-NEXT:    Initialize <6:3-12:3>
// CHECK-NEXT:      ConstDecl N = 4 <7:5-7:20>
// CHECK-NEXT:      ConstDecl M = ((N * 2) - 1) <8:5-8:28>
// CHECK-NEXT:      ConstDecl K = ((((N + 1) * (M - 2)) / 3) % 5) <9:5-9:44>
// CHECK-NEXT:      ConstDecl D = ((N - M) - 1) <10:5-10:28>
// CHECK-NEXT:      ConstDecl Neg = (-N + -2) <11:5-11:30>

// The program also elaborates. K, D and Neg are never used, and -w silences
// the warnings about them.
// RUN: %aspenc --fsyntax-only -w %s

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Lambdas, attributes and subscripts use '[' like filters but are C++ here.
Module Lam {
  [[nodiscard]] int twice(int x) const { return 2 * x; }
  void run() {
    auto f = [&, this](int x) -> int { return a[b[x]] + 1; };
    send QueueElement(new Payload(f(1)));
  }
}

// CHECK:TranslationUnit {{.*}}action-lambdas-attributes.asp
// CHECK-NEXT:  ActionModuleDecl Lam <3:1-9:1>
// CHECK-NEXT:    Cxx "\n  {{\[\[}}nodiscard]] int twice(int x) const { return 2 * x; }\n  void run() {\n    auto f = [&, this](int x) -> int { return a[b[x]] + 1; };\n    " <3:13-7:4>
// CHECK-NEXT:    Send <7:5-7:41>
// CHECK-NEXT:      Cxx "QueueElement(new Payload(f(1)))" <7:10-7:40>
// CHECK-NEXT:    Cxx "\n  }\n" <7:42-8:4>

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

// A root module that passes what Lam sends to a sink makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Lam, Module Sink {
  void initialize() {
    Lam l;
    Sink s;
    flow:
      l ||| s;
  }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <21:1-28:1>
// CHECK-NEXT:    Requires Lam <21:37-21:39>
// CHECK-NEXT:    Requires Sink <21:49-21:52>
// CHECK-NEXT:    Initialize <22:3-27:3>
// CHECK-NEXT:      InstanceDecl Lam <23:5-23:10>
// CHECK-NEXT:        Declarator l <23:9-23:9>
// CHECK-NEXT:      InstanceDecl Sink <24:5-24:11>
// CHECK-NEXT:        Declarator s <24:10-24:10>
// CHECK-NEXT:      FlowLabel <25:5-25:9>
// CHECK-NEXT:      FlowStmt <26:7-26:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref l <26:7-26:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <26:13-26:13>
// CHECK-NEXT:  ActionModuleDecl Sink <30:1-32:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <30:14-31:32>
// CHECK-NEXT:    Dequeue <31:33-31:41>
// CHECK-NEXT:    Cxx "; }\n" <31:42-31:45>

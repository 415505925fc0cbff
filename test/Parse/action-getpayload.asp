// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// getPayload with and without a template argument; '>>' closing nested
// templates is two closing angle brackets.
Module Consumer {
  void run() {
    double *p = getPayload(qr1);
    auto &m = getPayload<Matrix>(q);
    auto &v = getPayload<std::vector<std::pair<int, int>>>(elems[i]);
    auto &a = getPayload<std::array<double, (N > 2 ? 4 : 2)>>(q);
  }
}

// CHECK:TranslationUnit {{.*}}action-getpayload.asp
// CHECK-NEXT:  ActionModuleDecl Consumer <4:1-11:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    double *p = " <4:18-6:16>
// CHECK-NEXT:    GetPayload <6:17-6:31>
// CHECK-NEXT:      Cxx "qr1" <6:28-6:30>
// CHECK-NEXT:    Cxx ";\n    auto &m = " <6:32-7:14>
// CHECK-NEXT:    GetPayload <Matrix> <7:15-7:35>
// CHECK-NEXT:      Cxx "q" <7:34-7:34>
// CHECK-NEXT:    Cxx ";\n    auto &v = " <7:36-8:14>
// CHECK-NEXT:    GetPayload <std::vector<std::pair<int, int>>> <8:15-8:68>
// CHECK-NEXT:      Cxx "elems[i]" <8:60-8:67>
// CHECK-NEXT:    Cxx ";\n    auto &a = " <8:69-9:14>
// CHECK-NEXT:    GetPayload <std::array<double, (N > 2 ? 4 : 2)>> <9:15-9:64>
// CHECK-NEXT:      Cxx "q" <9:63-9:63>
// CHECK-NEXT:    Cxx ";\n  }\n" <9:65-10:4>

// A root module that uses Consumer makes the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Consumer {
  void initialize() {
    Consumer a, b;
    flow:
      a ||| b;
  }
}

// CHECK-NEXT:  RootModuleDecl Main <31:1-37:1>
// CHECK-NEXT:    Requires Consumer <31:37-31:44>
// CHECK-NEXT:    Initialize <32:3-36:3>
// CHECK-NEXT:      InstanceDecl Consumer <33:5-33:18>
// CHECK-NEXT:        Declarator a <33:14-33:14>
// CHECK-NEXT:        Declarator b <33:17-33:17>
// CHECK-NEXT:      FlowLabel <34:5-34:9>
// CHECK-NEXT:      FlowStmt <35:7-35:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <35:7-35:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <35:13-35:13>

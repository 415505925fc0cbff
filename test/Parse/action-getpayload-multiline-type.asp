// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A template argument wrapped over two lines, as a formatter would leave it.
// The dump still prints one node per line (how the line break is shown, as
// an escape or as a space, is not fixed here).
Module Consumer {
  void run() {
    auto &m = getPayload<std::map<std::string,
                                  std::vector<int>>>(q);
  }
}

// CHECK:TranslationUnit {{.*}}action-getpayload-multiline-type.asp
// CHECK-NEXT:  ActionModuleDecl Consumer <5:1-10:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    auto &m = " <5:18-7:14>
// CHECK-NEXT:    GetPayload <std::map<std::string,{{.*}}std::vector<int>>> <7:15-8:55>
// CHECK-NEXT:      Cxx "q" <8:54-8:54>
// CHECK-NEXT:    Cxx ";\n  }\n" <8:56-9:4>

// A root module that uses Consumer makes the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Consumer {
  void initialize() {
    Consumer a, b;
    flow:
      a ||| b;
  }
}

// CHECK-NEXT:  RootModuleDecl Main <21:1-27:1>
// CHECK-NEXT:    Requires Consumer <21:37-21:44>
// CHECK-NEXT:    Initialize <22:3-26:3>
// CHECK-NEXT:      InstanceDecl Consumer <23:5-23:18>
// CHECK-NEXT:        Declarator a <23:14-23:14>
// CHECK-NEXT:        Declarator b <23:17-23:17>
// CHECK-NEXT:      FlowLabel <24:5-24:9>
// CHECK-NEXT:      FlowStmt <25:7-25:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <25:7-25:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <25:13-25:13>

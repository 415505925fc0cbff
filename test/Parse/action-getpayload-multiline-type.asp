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

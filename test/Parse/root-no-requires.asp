// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A root module needs no 'requires' list, and initialize() may be empty.
Module Main is Root { void initialize() { } }
Module Other is Root {
  void initialize() {
    flow:
  }
}

// CHECK:TranslationUnit {{.*}}root-no-requires.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-3:45>
// CHECK-NEXT:    Initialize <3:23-3:43>
// CHECK-NEXT:  RootModuleDecl Other <4:1-8:1>
// CHECK-NEXT:    Initialize <5:3-7:3>
// CHECK-NEXT:      FlowLabel <6:5-6:9>

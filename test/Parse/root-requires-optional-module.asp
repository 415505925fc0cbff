// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// 'Module' before each required name is optional, and both spellings mix.
Module Main is Root requires Worker, Module Reduce, Broadcast {
  void initialize() {
  }
}

// CHECK:TranslationUnit {{.*}}root-requires-optional-module.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-6:1>
// CHECK-NEXT:    Requires Worker <3:30-3:35>
// CHECK-NEXT:    Requires Reduce <3:45-3:50>
// CHECK-NEXT:    Requires Broadcast <3:53-3:61>
// CHECK-NEXT:    Initialize <4:3-5:3>

// Worker completes the program.
// RUN: %aspenc --fsyntax-only %s
Module Worker {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl Worker <17:1-19:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <17:16-18:16>

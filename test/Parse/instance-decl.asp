// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A single instance and a vector of instances.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w;
    Worker pool[8];
  }
}

// CHECK:TranslationUnit {{.*}}instance-decl.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-8:1>
// CHECK-NEXT:    Requires Worker <3:37-3:42>
// CHECK-NEXT:    Initialize <4:3-7:3>
// CHECK-NEXT:      InstanceDecl Worker <5:5-5:13>
// CHECK-NEXT:        Declarator w <5:12-5:12>
// CHECK-NEXT:      InstanceDecl Worker <6:5-6:19>
// CHECK-NEXT:        Declarator pool[8] <6:12-6:18>

// Worker completes the program. The test leaves its instances unconnected,
// and -w silences the warnings about them.
// RUN: %aspenc --fsyntax-only -w %s
Module Worker {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl Worker <22:1-24:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <22:16-23:16>

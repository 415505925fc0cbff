// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Several declarators in one declaration, vectors and single instances mixed.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Reduce r1, r2;
    Worker a[2], b, c[3];
  }
}

// CHECK:TranslationUnit {{.*}}instance-decl-multiple.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-8:1>
// CHECK-NEXT:    Requires Worker <3:37-3:42>
// CHECK-NEXT:    Requires Reduce <3:52-3:57>
// CHECK-NEXT:    Initialize <4:3-7:3>
// CHECK-NEXT:      InstanceDecl Reduce <5:5-5:18>
// CHECK-NEXT:        Declarator r1 <5:12-5:13>
// CHECK-NEXT:        Declarator r2 <5:16-5:17>
// CHECK-NEXT:      InstanceDecl Worker <6:5-6:25>
// CHECK-NEXT:        Declarator a[2] <6:12-6:15>
// CHECK-NEXT:        Declarator b <6:18-6:18>
// CHECK-NEXT:        Declarator c[3] <6:21-6:24>

// Worker completes the program. The test leaves its instances unconnected,
// and -w silences the warnings about them.
// RUN: %aspenc --fsyntax-only -w %s
Module Worker {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl Worker <26:1-28:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <26:16-27:16>

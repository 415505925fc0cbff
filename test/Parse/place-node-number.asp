// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A node given by its position in the hostfile.
Module Main is Root requires Module W {
  void initialize() {
    const int N = 4;
    W p[N];
    place p[N-1] on 2;
    place p[0] on 0x1;
  }
}

// CHECK:TranslationUnit {{.*}}place-node-number.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-10:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-9:3>
// CHECK-NEXT:      ConstDecl N = 4 <5:5-5:20>
// CHECK-NEXT:      InstanceDecl W <6:5-6:11>
// CHECK-NEXT:        Declarator p[N] <6:7-6:10>
// CHECK-NEXT:      PlaceStmt on node #2 <7:5-7:22>
// CHECK-NEXT:        Ref p[(N - 1)] <7:11-7:16>
// CHECK-NEXT:      PlaceStmt on node #1 <8:5-8:22>
// CHECK-NEXT:        Ref p[0] <8:11-8:14>

// W completes the program. The test places instances without connecting
// them, and -w silences the warning about that.
// RUN: %aspenc --fsyntax-only -w %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <27:1-29:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <27:11-28:16>

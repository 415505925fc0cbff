// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// An initialiser box (S-Net's `box init( -> (A))`) has no input type; it
// is not the box of input type {}, which takes every record.
Module Init is Box ( -> {a, <n>}) { void box() { emit<1>(1, 2); } }
Module Two is Box (-> {a} | {<b>}) { void box() {} }
Module Any is Box ({} -> {a}) { void box() {} }

// CHECK:TranslationUnit {{.*}}box-initialiser.asp
// CHECK-NEXT:  BoxModuleDecl Init (-> {a, <n>}) <4:1-4:67>
// CHECK-NEXT:    Cxx " void box() { emit<1>(1, 2); } " <4:36-4:66>
// CHECK-NEXT:  BoxModuleDecl Two (-> {a} | {<b>}) <5:1-5:52>
// CHECK-NEXT:    Cxx " void box() {} " <5:37-5:51>
// CHECK-NEXT:  BoxModuleDecl Any ({} -> {a}) <6:1-6:47>
// CHECK-NEXT:    Cxx " void box() {} " <6:32-6:46>

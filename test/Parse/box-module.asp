// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A box module with an S-Net signature of several output variants.
Module foo is Box ({a, <b>} -> {c} | {c, d, <e>}) {
  void box(Field &a, int b) {
    if (b > 0) emit(C{a});
    else emit(C{a}, D{}, 3);
  }
}

// CHECK:TranslationUnit {{.*}}box-module.asp
// CHECK-NEXT:  BoxModuleDecl foo ({a, <b>} -> {c} | {c, d, <e>}) <3:1-8:1>
// CHECK-NEXT:    Cxx "\n  void box(Field &a, int b) {\n    if (b > 0) emit(C{a});\n    else emit(C{a}, D{}, 3);\n  }\n" <3:52-7:4>

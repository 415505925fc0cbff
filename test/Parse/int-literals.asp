// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Integer literals: decimal, hexadecimal, binary, octal (leading 0), C++14
// digit separators, and the largest value that fits in 63 bits.
Module Main is Root requires Module W {
  void initialize() {
    const int Hex = 0x1F;
    const int Upper = 0XFF;
    const int Bin = 0b101;
    const int Oct = 017;
    const int Zero = 0;
    const int Big = 1'000'000;
    const int HexSep = 0xFF'FF;
    const int Max = 9223372036854775807;
    W w[0x10];
  }
}

// CHECK:TranslationUnit {{.*}}int-literals.asp
// CHECK-NEXT:  RootModuleDecl Main <4:1-16:1>
// CHECK-NEXT:    Requires W <4:37-4:37>
// CHECK-NEXT:    Initialize <5:3-15:3>
// CHECK-NEXT:      ConstDecl Hex = 31 <6:5-6:25>
// CHECK-NEXT:      ConstDecl Upper = 255 <7:5-7:27>
// CHECK-NEXT:      ConstDecl Bin = 5 <8:5-8:26>
// CHECK-NEXT:      ConstDecl Oct = 15 <9:5-9:24>
// CHECK-NEXT:      ConstDecl Zero = 0 <10:5-10:23>
// CHECK-NEXT:      ConstDecl Big = 1000000 <11:5-11:30>
// CHECK-NEXT:      ConstDecl HexSep = 65535 <12:5-12:31>
// CHECK-NEXT:      ConstDecl Max = 9223372036854775807 <13:5-13:40>
// CHECK-NEXT:      InstanceDecl W <14:5-14:14>
// CHECK-NEXT:        Declarator w[16] <14:7-14:13>

// W completes the program. The test uses neither its constants nor its
// instances, and -w silences the warnings about them.
// RUN: %aspenc --fsyntax-only -w %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <36:1-38:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <36:11-37:16>

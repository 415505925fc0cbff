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

// A program runs one root module, so Top, which uses both of the others as
// sub-roots, completes the program.
// RUN: %aspenc --fsyntax-only %s
Module Top is Root requires Main, Other {
  void initialize() {
    Main m;
    Other o;
  }
}

// CHECK-NEXT:  RootModuleDecl Top <20:1-25:1>
// CHECK-NEXT:    Requires Main <20:29-20:32>
// CHECK-NEXT:    Requires Other <20:35-20:39>
// CHECK-NEXT:    Initialize <21:3-24:3>
// CHECK-NEXT:      InstanceDecl Main <22:5-22:11>
// CHECK-NEXT:        Declarator m <22:10-22:10>
// CHECK-NEXT:      InstanceDecl Other <23:5-23:12>
// CHECK-NEXT:        Declarator o <23:11-23:11>

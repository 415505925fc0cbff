// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A node name that is not an identifier is written as a string; the dump
// shows it without the quotes.
Module Main is Root requires Module W {
  void initialize() {
    W p[2];
    place p[0] on "host-1.cluster";
    place p[1] on "node0";
  }
}

// CHECK:TranslationUnit {{.*}}place-node-string.asp
// CHECK-NEXT:  RootModuleDecl Main <4:1-10:1>
// CHECK-NEXT:    Requires W <4:37-4:37>
// CHECK-NEXT:    Initialize <5:3-9:3>
// CHECK-NEXT:      InstanceDecl W <6:5-6:11>
// CHECK-NEXT:        Declarator p[2] <6:7-6:10>
// CHECK-NEXT:      PlaceStmt on node 'host-1.cluster' <7:5-7:35>
// CHECK-NEXT:        Ref p[0] <7:11-7:14>
// CHECK-NEXT:      PlaceStmt on node 'node0' <8:5-8:26>
// CHECK-NEXT:        Ref p[1] <8:11-8:14>

// W completes the program. The test places instances without connecting
// them, and -w silences the warning about that.
// RUN: %aspenc --fsyntax-only -w %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <26:1-28:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <26:11-27:16>

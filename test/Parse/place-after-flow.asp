// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Placement statements may come before or after 'flow:'.
Module Main is Root requires Module W {
  void initialize() {
    W p[2];
    place p[0] on node0;
    flow:
      p[0] ||| p[1];
    place p[1] on node1;
  }
}

// CHECK:TranslationUnit {{.*}}place-after-flow.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-11:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-10:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:11>
// CHECK-NEXT:        Declarator p[2] <5:7-5:10>
// CHECK-NEXT:      PlaceStmt on node 'node0' <6:5-6:24>
// CHECK-NEXT:        Ref p[0] <6:11-6:14>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <8:7-8:10>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1] <8:16-8:19>
// CHECK-NEXT:      PlaceStmt on node 'node1' <9:5-9:24>
// CHECK-NEXT:        Ref p[1] <9:11-9:14>

// W completes the program; the flow needs nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <32:1-34:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <32:11-33:16>

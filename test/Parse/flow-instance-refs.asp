// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A whole vector, one element and an inclusive slice.
Module Main is Root requires Module W {
  void initialize() {
    W p[8], q[8];
    flow:
      p ||| q;
      p[0] ||| q[7];
      p[2:5] ||| q[0:3];
      p[ 1 : 1 ] ||| q[ 4 ];
  }
}

// CHECK:TranslationUnit {{.*}}flow-instance-refs.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-12:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-11:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:17>
// CHECK-NEXT:        Declarator p[8] <5:7-5:10>
// CHECK-NEXT:        Declarator q[8] <5:13-5:16>
// CHECK-NEXT:      FlowLabel <6:5-6:9>
// CHECK-NEXT:      FlowStmt <7:7-7:14>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p <7:7-7:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q <7:13-7:13>
// CHECK-NEXT:      FlowStmt <8:7-8:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[0] <8:7-8:10>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q[7] <8:16-8:19>
// CHECK-NEXT:      FlowStmt <9:7-9:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[2:5] <9:7-9:12>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q[0:3] <9:18-9:23>
// CHECK-NEXT:      FlowStmt <10:7-10:28>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref p[1:1] <10:7-10:16>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref q[4] <10:22-10:27>

// W completes the program; the flows need nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <45:1-47:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <45:11-46:16>

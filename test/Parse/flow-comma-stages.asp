// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A stage may list several network expressions separated by commas.
Module Main is Root requires Module W {
  void initialize() {
    W a, b, c, d;
    flow:
      a, b ||| c, d;
      a ||| b, c, d;
  }
}

// CHECK:TranslationUnit {{.*}}flow-comma-stages.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-10:1>
// CHECK-NEXT:    Requires W <3:37-3:37>
// CHECK-NEXT:    Initialize <4:3-9:3>
// CHECK-NEXT:      InstanceDecl W <5:5-5:17>
// CHECK-NEXT:        Declarator a <5:7-5:7>
// CHECK-NEXT:        Declarator b <5:10-5:10>
// CHECK-NEXT:        Declarator c <5:13-5:13>
// CHECK-NEXT:        Declarator d <5:16-5:16>
// CHECK-NEXT:      FlowLabel <6:5-6:9>
// CHECK-NEXT:      FlowStmt <7:7-7:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <7:7-7:7>
// CHECK-NEXT:          Ref b <7:10-7:10>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref c <7:16-7:16>
// CHECK-NEXT:          Ref d <7:19-7:19>
// CHECK-NEXT:      FlowStmt <8:7-8:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref a <8:7-8:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref b <8:13-8:13>
// CHECK-NEXT:          Ref c <8:16-8:16>
// CHECK-NEXT:          Ref d <8:19-8:19>

// W completes the program; the flows need nothing of its body.
// RUN: %aspenc --fsyntax-only %s
Module W {
  void run() {}
}

// CHECK-NEXT:  ActionModuleDecl W <39:1-41:1>
// CHECK-NEXT:    Cxx "\n  void run() {}\n" <39:11-40:16>

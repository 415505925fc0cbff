// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A root module with a 'requires' list spelled as in the paper.
Module Main is Root requires Module Chemical, Module Reduce {
  void initialize() {
    Chemical c[16];
    Reduce r;
    flow:
      c ||| r(sum);
  }
}

// CHECK:TranslationUnit {{.*}}root-requires.asp
// CHECK-NEXT:  RootModuleDecl Main <3:1-10:1>
// CHECK-NEXT:    Requires Chemical <3:37-3:44>
// CHECK-NEXT:    Requires Reduce <3:54-3:59>
// CHECK-NEXT:    Initialize <4:3-9:3>
// CHECK-NEXT:      InstanceDecl Chemical <5:5-5:19>
// CHECK-NEXT:        Declarator c[16] <5:14-5:18>
// CHECK-NEXT:      InstanceDecl Reduce <6:5-6:13>
// CHECK-NEXT:        Declarator r <6:12-6:12>
// CHECK-NEXT:      FlowLabel <7:5-7:9>
// CHECK-NEXT:      FlowStmt <8:7-8:19>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref c <8:7-8:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Collective r(sum) <8:13-8:18>

// Chemical completes the program: every c[i] contributes to the all-reduce
// and receives the sum, as in Figure 3(a) of the paper.
// RUN: %aspenc --fsyntax-only %s
Module Chemical {
  void run() {
    send new ArrayPayload<double>(16);
    QueueElement sum = dequeue();
  }
}

// CHECK-NEXT:  ActionModuleDecl Chemical <31:1-36:1>
// CHECK-NEXT:    Cxx "\n  void run() {\n    " <31:18-33:4>
// CHECK-NEXT:    Send <33:5-33:38>
// CHECK-NEXT:      Cxx "new ArrayPayload<double>(16)" <33:10-33:37>
// CHECK-NEXT:    Cxx "\n    QueueElement sum = " <33:39-34:23>
// CHECK-NEXT:    Dequeue <34:24-34:32>
// CHECK-NEXT:    Cxx ";\n  }\n" <34:33-35:4>

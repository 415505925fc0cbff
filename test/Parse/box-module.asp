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

// A root module that runs foo as a network between two action modules makes
// the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| foo ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <17:1-24:1>
// CHECK-NEXT:    Requires Source <17:37-17:42>
// CHECK-NEXT:    Requires Sink <17:52-17:55>
// CHECK-NEXT:    Initialize <18:3-23:3>
// CHECK-NEXT:      InstanceDecl Source <19:5-19:13>
// CHECK-NEXT:        Declarator s <19:12-19:12>
// CHECK-NEXT:      InstanceDecl Sink <20:5-20:11>
// CHECK-NEXT:        Declarator k <20:10-20:10>
// CHECK-NEXT:      FlowLabel <21:5-21:9>
// CHECK-NEXT:      FlowStmt <22:7-22:22>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <22:7-22:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref foo <22:13-22:15>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <22:21-22:21>
// CHECK-NEXT:  ActionModuleDecl Source <26:1-28:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <26:16-27:15>
// CHECK-NEXT:    Send <27:16-27:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <27:21-27:44>
// CHECK-NEXT:    Cxx " }\n" <27:46-27:48>
// CHECK-NEXT:  ActionModuleDecl Sink <30:1-32:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <30:14-31:32>
// CHECK-NEXT:    Dequeue <31:33-31:41>
// CHECK-NEXT:    Cxx "; }\n" <31:42-31:45>

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Feedback sends records that match the pattern back to the entry.
net Loop connect Step \ {x, <iter>};
net Guarded connect Step \ {<iter>} if (iter < 100);

// CHECK:TranslationUnit {{.*}}net-feedback.asp
// CHECK-NEXT:  NetDecl Loop <3:1-3:36>
// CHECK-NEXT:    Feedback back {x, <iter>} <3:18-3:35>
// CHECK-NEXT:      Ref Step <3:18-3:21>
// CHECK-NEXT:  NetDecl Guarded <4:1-4:52>
// CHECK-NEXT:    Feedback back {<iter>} if (iter < 100) <4:21-4:51>
// CHECK-NEXT:      Ref Step <4:21-4:24>

// The box Step, and a root module that runs both nets between two action
// modules, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Step is Box ({x, <iter>} -> {x, <iter>} | {y}) {
  void box(int x, int iter) {
    if (x > 1)
      emit<1>(x / 2, iter + 1);
    else
      emit<2>(iter);
  }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Loop, Guarded ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl Step ({x, <iter>} -> {x, <iter>} | {y}) <17:1-24:1>
// CHECK-NEXT:    Cxx "\n  void box(int x, int iter) {\n    if (x > 1)\n      emit<1>(x / 2, iter + 1);\n    else\n      emit<2>(iter);\n  }\n" <17:56-23:4>
// CHECK-NEXT:  RootModuleDecl Main <26:1-33:1>
// CHECK-NEXT:    Requires Source <26:37-26:42>
// CHECK-NEXT:    Requires Sink <26:52-26:55>
// CHECK-NEXT:    Initialize <27:3-32:3>
// CHECK-NEXT:      InstanceDecl Source <28:5-28:13>
// CHECK-NEXT:        Declarator s <28:12-28:12>
// CHECK-NEXT:      InstanceDecl Sink <29:5-29:11>
// CHECK-NEXT:        Declarator k <29:10-29:10>
// CHECK-NEXT:      FlowLabel <30:5-30:9>
// CHECK-NEXT:      FlowStmt <31:7-31:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <31:7-31:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Loop <31:13-31:16>
// CHECK-NEXT:          Ref Guarded <31:19-31:25>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <31:31-31:31>
// CHECK-NEXT:  ActionModuleDecl Source <35:1-37:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <35:16-36:15>
// CHECK-NEXT:    Send <36:16-36:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <36:21-36:44>
// CHECK-NEXT:    Cxx " }\n" <36:46-36:48>
// CHECK-NEXT:  ActionModuleDecl Sink <39:1-41:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <39:14-40:32>
// CHECK-NEXT:    Dequeue <40:33-40:41>
// CHECK-NEXT:    Cxx "; }\n" <40:42-40:45>

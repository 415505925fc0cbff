// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Star: the exit pattern may carry tags and a guard.
net S1 connect A * {x};
net S2 connect A * {x, <done>};
net S3 connect A * {<n>} if (n >= 10);

// CHECK:TranslationUnit {{.*}}net-star.asp
// CHECK-NEXT:  NetDecl S1 <3:1-3:23>
// CHECK-NEXT:    Star exit {x} <3:16-3:22>
// CHECK-NEXT:      Ref A <3:16-3:16>
// CHECK-NEXT:  NetDecl S2 <4:1-4:31>
// CHECK-NEXT:    Star exit {x, <done>} <4:16-4:30>
// CHECK-NEXT:      Ref A <4:16-4:16>
// CHECK-NEXT:  NetDecl S3 <5:1-5:38>
// CHECK-NEXT:    Star exit {<n>} if (n >= 10) <5:16-5:37>
// CHECK-NEXT:      Ref A <5:16-5:16>

// The box A, and a root module that runs the three nets between two action
// modules, make the file a complete program. Records of type {<n>} may enter
// S3's operand (its guard can fail), so A accepts them.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({<n>} -> {<n>} | {x, <n>, <done>}) {
  void box(int n) {
    if (n >= 10)
      emit<2>(n, n, 1);
    else
      emit<1>(n + 1);
  }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| S1, S2, S3 ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({<n>} -> {<n>} | {x, <n>, <done>}) <22:1-29:1>
// CHECK-NEXT:    Cxx "\n  void box(int n) {\n    if (n >= 10)\n      emit<2>(n, n, 1);\n    else\n      emit<1>(n + 1);\n  }\n" <22:54-28:4>
// CHECK-NEXT:  RootModuleDecl Main <31:1-38:1>
// CHECK-NEXT:    Requires Source <31:37-31:42>
// CHECK-NEXT:    Requires Sink <31:52-31:55>
// CHECK-NEXT:    Initialize <32:3-37:3>
// CHECK-NEXT:      InstanceDecl Source <33:5-33:13>
// CHECK-NEXT:        Declarator s <33:12-33:12>
// CHECK-NEXT:      InstanceDecl Sink <34:5-34:11>
// CHECK-NEXT:        Declarator k <34:10-34:10>
// CHECK-NEXT:      FlowLabel <35:5-35:9>
// CHECK-NEXT:      FlowStmt <36:7-36:29>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <36:7-36:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref S1 <36:13-36:14>
// CHECK-NEXT:          Ref S2 <36:17-36:18>
// CHECK-NEXT:          Ref S3 <36:21-36:22>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <36:28-36:28>
// CHECK-NEXT:  ActionModuleDecl Source <40:1-42:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <40:16-41:15>
// CHECK-NEXT:    Send <41:16-41:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <41:21-41:44>
// CHECK-NEXT:    Cxx " }\n" <41:46-41:48>
// CHECK-NEXT:  ActionModuleDecl Sink <44:1-46:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <44:14-45:32>
// CHECK-NEXT:    Dequeue <45:33-45:41>
// CHECK-NEXT:    Cxx "; }\n" <45:42-45:45>

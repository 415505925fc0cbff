// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Renaming and copying fields, and splitting one record into several.
net Rename connect [ {a} -> {b = a} ];
net Copy connect [ {a} -> {a, b = a} ];
net Split connect [ {R, G, B} -> {R}; {G}; {B} ];
net Empty connect [ {a} -> {} ];

// CHECK:TranslationUnit {{.*}}filter-rename-copy.asp
// CHECK-NEXT:  NetDecl Rename <3:1-3:38>
// CHECK-NEXT:    Filter [{a} -> {b=a}] <3:20-3:37>
// CHECK-NEXT:  NetDecl Copy <4:1-4:39>
// CHECK-NEXT:    Filter [{a} -> {a, b=a}] <4:18-4:38>
// CHECK-NEXT:  NetDecl Split <5:1-5:49>
// CHECK-NEXT:    Filter [{R, G, B} -> {R}; {G}; {B}] <5:19-5:48>
// CHECK-NEXT:  NetDecl Empty <6:1-6:32>
// CHECK-NEXT:    Filter [{a} -> {}] <6:19-6:31>

// A root module that runs each net between two action modules makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Rename, Copy, Split, Empty ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <21:1-28:1>
// CHECK-NEXT:    Requires Source <21:37-21:42>
// CHECK-NEXT:    Requires Sink <21:52-21:55>
// CHECK-NEXT:    Initialize <22:3-27:3>
// CHECK-NEXT:      InstanceDecl Source <23:5-23:13>
// CHECK-NEXT:        Declarator s <23:12-23:12>
// CHECK-NEXT:      InstanceDecl Sink <24:5-24:11>
// CHECK-NEXT:        Declarator k <24:10-24:10>
// CHECK-NEXT:      FlowLabel <25:5-25:9>
// CHECK-NEXT:      FlowStmt <26:7-26:45>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <26:7-26:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Rename <26:13-26:18>
// CHECK-NEXT:          Ref Copy <26:21-26:24>
// CHECK-NEXT:          Ref Split <26:27-26:31>
// CHECK-NEXT:          Ref Empty <26:34-26:38>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <26:44-26:44>
// CHECK-NEXT:  ActionModuleDecl Source <30:1-32:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <30:16-31:15>
// CHECK-NEXT:    Send <31:16-31:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <31:21-31:44>
// CHECK-NEXT:    Cxx " }\n" <31:46-31:48>
// CHECK-NEXT:  ActionModuleDecl Sink <34:1-36:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <34:14-35:32>
// CHECK-NEXT:    Dequeue <35:33-35:41>
// CHECK-NEXT:    Cxx "; }\n" <35:42-35:45>

// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// '?:' binds loosest and groups to the right.
net T connect [ {<a>, <b>, <c>} -> {
  <x = a ? b : c>,
  <y = a ? b : c ? 1 : 2>,
  <z = a || b ? a + 1 : (b ? 2 : 3)>
} ];

// CHECK:TranslationUnit {{.*}}tag-conditional.asp
// CHECK-NEXT:  NetDecl T <3:1-7:4>
// CHECK-NEXT:    Filter [{<a>, <b>, <c>} -> {<x=(a ? b : c)>, <y=(a ? b : (c ? 1 : 2))>, <z=((a || b) ? (a + 1) : (b ? 2 : 3))>}] <3:15-7:3>

// A root module that runs the net between two action modules makes the file
// a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| T ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <16:1-23:1>
// CHECK-NEXT:    Requires Source <16:37-16:42>
// CHECK-NEXT:    Requires Sink <16:52-16:55>
// CHECK-NEXT:    Initialize <17:3-22:3>
// CHECK-NEXT:      InstanceDecl Source <18:5-18:13>
// CHECK-NEXT:        Declarator s <18:12-18:12>
// CHECK-NEXT:      InstanceDecl Sink <19:5-19:11>
// CHECK-NEXT:        Declarator k <19:10-19:10>
// CHECK-NEXT:      FlowLabel <20:5-20:9>
// CHECK-NEXT:      FlowStmt <21:7-21:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <21:7-21:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref T <21:13-21:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <21:19-21:19>
// CHECK-NEXT:  ActionModuleDecl Source <25:1-27:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <25:16-26:15>
// CHECK-NEXT:    Send <26:16-26:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <26:21-26:44>
// CHECK-NEXT:    Cxx " }\n" <26:46-26:48>
// CHECK-NEXT:  ActionModuleDecl Sink <29:1-31:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <29:14-30:32>
// CHECK-NEXT:    Dequeue <30:33-30:41>
// CHECK-NEXT:    Cxx "; }\n" <30:42-30:45>

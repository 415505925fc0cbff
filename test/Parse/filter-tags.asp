// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Tag arithmetic in filter outputs, and a guard on the filter pattern.
net Count connect [ {a, <t>} if (t > 0) -> {b = a}; {a, <u = t + 1>} ];
net Keep connect [ {<n>} -> {<n>, <m = n * 2>, <z = 0>} ];

// CHECK:TranslationUnit {{.*}}filter-tags.asp
// CHECK-NEXT:  NetDecl Count <3:1-3:71>
// CHECK-NEXT:    Filter [{a, <t>} if (t > 0) -> {b=a}; {a, <u=(t + 1)>}] <3:19-3:70>
// CHECK-NEXT:  NetDecl Keep <4:1-4:58>
// CHECK-NEXT:    Filter [{<n>} -> {<n>, <m=(n * 2)>, <z=0>}] <4:18-4:57>

// A root module that runs both nets between two action modules makes the file a
// complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Count, Keep ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <15:1-22:1>
// CHECK-NEXT:    Requires Source <15:37-15:42>
// CHECK-NEXT:    Requires Sink <15:52-15:55>
// CHECK-NEXT:    Initialize <16:3-21:3>
// CHECK-NEXT:      InstanceDecl Source <17:5-17:13>
// CHECK-NEXT:        Declarator s <17:12-17:12>
// CHECK-NEXT:      InstanceDecl Sink <18:5-18:11>
// CHECK-NEXT:        Declarator k <18:10-18:10>
// CHECK-NEXT:      FlowLabel <19:5-19:9>
// CHECK-NEXT:      FlowStmt <20:7-20:30>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <20:7-20:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Count <20:13-20:17>
// CHECK-NEXT:          Ref Keep <20:20-20:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <20:29-20:29>
// CHECK-NEXT:  ActionModuleDecl Source <24:1-26:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <24:16-25:15>
// CHECK-NEXT:    Send <25:16-25:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <25:21-25:44>
// CHECK-NEXT:    Cxx " }\n" <25:46-25:48>
// CHECK-NEXT:  ActionModuleDecl Sink <28:1-30:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <28:14-29:32>
// CHECK-NEXT:    Dequeue <29:33-29:41>
// CHECK-NEXT:    Cxx "; }\n" <29:42-29:45>

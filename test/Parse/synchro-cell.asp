// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Synchro-cells with two and three patterns; patterns may have guards.
net Pair connect [| {a}, {b} |];
net Rgb connect [|{R},{G},{B}|];
net Guarded connect [| {x, <k>} if (k == 0), {y} |];

// CHECK:TranslationUnit {{.*}}synchro-cell.asp
// CHECK-NEXT:  NetDecl Pair <3:1-3:32>
// CHECK-NEXT:    Sync [| {a}, {b} |] <3:18-3:31>
// CHECK-NEXT:  NetDecl Rgb <4:1-4:32>
// CHECK-NEXT:    Sync [| {R}, {G}, {B} |] <4:17-4:31>
// CHECK-NEXT:  NetDecl Guarded <5:1-5:52>
// CHECK-NEXT:    Sync [| {x, <k>} if (k == 0), {y} |] <5:21-5:51>

// A root module that runs the three nets between two action modules makes
// the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Pair, Rgb, Guarded ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  RootModuleDecl Main <18:1-25:1>
// CHECK-NEXT:    Requires Source <18:37-18:42>
// CHECK-NEXT:    Requires Sink <18:52-18:55>
// CHECK-NEXT:    Initialize <19:3-24:3>
// CHECK-NEXT:      InstanceDecl Source <20:5-20:13>
// CHECK-NEXT:        Declarator s <20:12-20:12>
// CHECK-NEXT:      InstanceDecl Sink <21:5-21:11>
// CHECK-NEXT:        Declarator k <21:10-21:10>
// CHECK-NEXT:      FlowLabel <22:5-22:9>
// CHECK-NEXT:      FlowStmt <23:7-23:37>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <23:7-23:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Pair <23:13-23:16>
// CHECK-NEXT:          Ref Rgb <23:19-23:21>
// CHECK-NEXT:          Ref Guarded <23:24-23:30>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <23:36-23:36>
// CHECK-NEXT:  ActionModuleDecl Source <27:1-29:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <27:16-28:15>
// CHECK-NEXT:    Send <28:16-28:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <28:21-28:44>
// CHECK-NEXT:    Cxx " }\n" <28:46-28:48>
// CHECK-NEXT:  ActionModuleDecl Sink <31:1-33:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <31:14-32:32>
// CHECK-NEXT:    Dequeue <32:33-32:41>
// CHECK-NEXT:    Cxx "; }\n" <32:42-32:45>

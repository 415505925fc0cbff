// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A named net without a signature.
net Twice connect Inc .. Inc;
net Single connect Box1;

// CHECK:TranslationUnit {{.*}}net-plain.asp
// CHECK-NEXT:  NetDecl Twice <3:1-3:29>
// CHECK-NEXT:    Serial <3:19-3:28>
// CHECK-NEXT:      Ref Inc <3:19-3:21>
// CHECK-NEXT:      Ref Inc <3:26-3:28>
// CHECK-NEXT:  NetDecl Single <4:1-4:24>
// CHECK-NEXT:    Ref Box1 <4:20-4:23>

// The boxes Inc and Box1, and a root module that runs both nets between two
// action modules, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module Inc is Box ({n} -> {n}) {
  void box(int n) { emit<1>(n + 1); }
}

Module Box1 is Box ({a} -> {b}) {
  void box(int a) { emit<1>(a); }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Twice, Single ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl Inc ({n} -> {n}) <17:1-19:1>
// CHECK-NEXT:    Cxx "\n  void box(int n) { emit<1>(n + 1); }\n" <17:33-18:38>
// CHECK-NEXT:  BoxModuleDecl Box1 ({a} -> {b}) <21:1-23:1>
// CHECK-NEXT:    Cxx "\n  void box(int a) { emit<1>(a); }\n" <21:34-22:34>
// CHECK-NEXT:  RootModuleDecl Main <25:1-32:1>
// CHECK-NEXT:    Requires Source <25:37-25:42>
// CHECK-NEXT:    Requires Sink <25:52-25:55>
// CHECK-NEXT:    Initialize <26:3-31:3>
// CHECK-NEXT:      InstanceDecl Source <27:5-27:13>
// CHECK-NEXT:        Declarator s <27:12-27:12>
// CHECK-NEXT:      InstanceDecl Sink <28:5-28:11>
// CHECK-NEXT:        Declarator k <28:10-28:10>
// CHECK-NEXT:      FlowLabel <29:5-29:9>
// CHECK-NEXT:      FlowStmt <30:7-30:32>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <30:7-30:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Twice <30:13-30:17>
// CHECK-NEXT:          Ref Single <30:20-30:25>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <30:31-30:31>
// CHECK-NEXT:  ActionModuleDecl Source <34:1-36:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <34:16-35:15>
// CHECK-NEXT:    Send <35:16-35:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <35:21-35:44>
// CHECK-NEXT:    Cxx " }\n" <35:46-35:48>
// CHECK-NEXT:  ActionModuleDecl Sink <38:1-40:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <38:14-39:32>
// CHECK-NEXT:    Dequeue <39:33-39:41>
// CHECK-NEXT:    Cxx "; }\n" <39:42-39:45>

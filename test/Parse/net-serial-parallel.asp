// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Serial '..' and parallel '|' chains each make one node with all operands.
net S connect A .. B .. C;
net P connect A | B | C;

// CHECK:TranslationUnit {{.*}}net-serial-parallel.asp
// CHECK-NEXT:  NetDecl S <3:1-3:26>
// CHECK-NEXT:    Serial <3:15-3:25>
// CHECK-NEXT:      Ref A <3:15-3:15>
// CHECK-NEXT:      Ref B <3:20-3:20>
// CHECK-NEXT:      Ref C <3:25-3:25>
// CHECK-NEXT:  NetDecl P <4:1-4:24>
// CHECK-NEXT:    Parallel <4:15-4:23>
// CHECK-NEXT:      Ref A <4:15-4:15>
// CHECK-NEXT:      Ref B <4:19-4:19>
// CHECK-NEXT:      Ref C <4:23-4:23>

// The boxes A, B and C, and a root module that runs both nets between two
// action modules, make the file a complete program. Each box accepts a label
// of its own, so the parallel composition routes every record to one branch.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({a} -> {b}) {
  void box(int a) { emit<1>(a); }
}

Module B is Box ({b} -> {c}) {
  void box(int b) { emit<1>(b); }
}

Module C is Box ({c} -> {d}) {
  void box(int c) { emit<1>(c); }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| S, P ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({a} -> {b}) <22:1-24:1>
// CHECK-NEXT:    Cxx "\n  void box(int a) { emit<1>(a); }\n" <22:31-23:34>
// CHECK-NEXT:  BoxModuleDecl B ({b} -> {c}) <26:1-28:1>
// CHECK-NEXT:    Cxx "\n  void box(int b) { emit<1>(b); }\n" <26:31-27:34>
// CHECK-NEXT:  BoxModuleDecl C ({c} -> {d}) <30:1-32:1>
// CHECK-NEXT:    Cxx "\n  void box(int c) { emit<1>(c); }\n" <30:31-31:34>
// CHECK-NEXT:  RootModuleDecl Main <34:1-41:1>
// CHECK-NEXT:    Requires Source <34:37-34:42>
// CHECK-NEXT:    Requires Sink <34:52-34:55>
// CHECK-NEXT:    Initialize <35:3-40:3>
// CHECK-NEXT:      InstanceDecl Source <36:5-36:13>
// CHECK-NEXT:        Declarator s <36:12-36:12>
// CHECK-NEXT:      InstanceDecl Sink <37:5-37:11>
// CHECK-NEXT:        Declarator k <37:10-37:10>
// CHECK-NEXT:      FlowLabel <38:5-38:9>
// CHECK-NEXT:      FlowStmt <39:7-39:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <39:7-39:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref S <39:13-39:13>
// CHECK-NEXT:          Ref P <39:16-39:16>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <39:22-39:22>
// CHECK-NEXT:  ActionModuleDecl Source <43:1-45:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <43:16-44:15>
// CHECK-NEXT:    Send <44:16-44:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <44:21-44:44>
// CHECK-NEXT:    Cxx " }\n" <44:46-44:48>
// CHECK-NEXT:  ActionModuleDecl Sink <47:1-49:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <47:14-48:32>
// CHECK-NEXT:    Dequeue <48:33-48:41>
// CHECK-NEXT:    Cxx "; }\n" <48:42-48:45>

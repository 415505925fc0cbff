// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// A net with a signature and local net definitions, nested two deep.
net Outer ({a} -> {b} | {c}) {
  net Inner ({a} -> {a}) {
    net Leaf connect A * {a};
  } connect Leaf .. Leaf;
  net Other connect B;
} connect Inner .. Other;

// CHECK:TranslationUnit {{.*}}net-signature.asp
// CHECK-NEXT:  NetDecl Outer ({a} -> {b} | {c}) <3:1-8:25>
// CHECK-NEXT:    NetDecl Inner ({a} -> {a}) <4:3-6:25>
// CHECK-NEXT:      NetDecl Leaf <5:5-5:29>
// CHECK-NEXT:        Star exit {a} <5:22-5:28>
// CHECK-NEXT:          Ref A <5:22-5:22>
// CHECK-NEXT:      Serial <6:13-6:24>
// CHECK-NEXT:        Ref Leaf <6:13-6:16>
// CHECK-NEXT:        Ref Leaf <6:21-6:24>
// CHECK-NEXT:    NetDecl Other <7:3-7:22>
// CHECK-NEXT:      Ref B <7:21-7:21>
// CHECK-NEXT:    Serial <8:11-8:24>
// CHECK-NEXT:      Ref Inner <8:11-8:15>
// CHECK-NEXT:      Ref Other <8:20-8:24>

// The boxes A and B, and a root module that runs Outer between two action
// modules, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({x} -> {a} | {x}) {
  void box(int x) {
    if (x > 1)
      emit<2>(x / 2);
    else
      emit<1>(x);
  }
}

Module B is Box ({a} -> {b} | {c}) {
  void box(int a) {
    if (a % 2 == 0)
      emit<1>(a);
    else
      emit<2>(a);
  }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| Outer ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({x} -> {a} | {x}) <28:1-35:1>
// CHECK-NEXT:    Cxx "\n  void box(int x) {\n    if (x > 1)\n      emit<2>(x / 2);\n    else\n      emit<1>(x);\n  }\n" <28:37-34:4>
// CHECK-NEXT:  BoxModuleDecl B ({a} -> {b} | {c}) <37:1-44:1>
// CHECK-NEXT:    Cxx "\n  void box(int a) {\n    if (a % 2 == 0)\n      emit<1>(a);\n    else\n      emit<2>(a);\n  }\n" <37:37-43:4>
// CHECK-NEXT:  RootModuleDecl Main <46:1-53:1>
// CHECK-NEXT:    Requires Source <46:37-46:42>
// CHECK-NEXT:    Requires Sink <46:52-46:55>
// CHECK-NEXT:    Initialize <47:3-52:3>
// CHECK-NEXT:      InstanceDecl Source <48:5-48:13>
// CHECK-NEXT:        Declarator s <48:12-48:12>
// CHECK-NEXT:      InstanceDecl Sink <49:5-49:11>
// CHECK-NEXT:        Declarator k <49:10-49:10>
// CHECK-NEXT:      FlowLabel <50:5-50:9>
// CHECK-NEXT:      FlowStmt <51:7-51:24>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <51:7-51:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref Outer <51:13-51:17>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <51:23-51:23>
// CHECK-NEXT:  ActionModuleDecl Source <55:1-57:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <55:16-56:15>
// CHECK-NEXT:    Send <56:16-56:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <56:21-56:44>
// CHECK-NEXT:    Cxx " }\n" <56:46-56:48>
// CHECK-NEXT:  ActionModuleDecl Sink <59:1-61:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <59:14-60:32>
// CHECK-NEXT:    Dequeue <60:33-60:41>
// CHECK-NEXT:    Cxx "; }\n" <60:42-60:45>

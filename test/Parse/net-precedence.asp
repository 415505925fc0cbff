// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// '..' binds loosest, then '|', then the postfix combinators; parentheses
// override.
net A1 connect A .. B | C;
net A2 connect A | B .. C | D;
net A3 connect A | B * {x};
net A4 connect (A | B) * {x};
net A5 connect (A .. B) | C;
// The example of docs/language.md 6.3: (A | B) .. ((C * {<x>}) | D).
net A6 connect A | B .. C * {<x>} | D;

// CHECK:TranslationUnit {{.*}}net-precedence.asp
// CHECK-NEXT:  NetDecl A1 <4:1-4:26>
// CHECK-NEXT:    Serial <4:16-4:25>
// CHECK-NEXT:      Ref A <4:16-4:16>
// CHECK-NEXT:      Parallel <4:21-4:25>
// CHECK-NEXT:        Ref B <4:21-4:21>
// CHECK-NEXT:        Ref C <4:25-4:25>
// CHECK-NEXT:  NetDecl A2 <5:1-5:30>
// CHECK-NEXT:    Serial <5:16-5:29>
// CHECK-NEXT:      Parallel <5:16-5:20>
// CHECK-NEXT:        Ref A <5:16-5:16>
// CHECK-NEXT:        Ref B <5:20-5:20>
// CHECK-NEXT:      Parallel <5:25-5:29>
// CHECK-NEXT:        Ref C <5:25-5:25>
// CHECK-NEXT:        Ref D <5:29-5:29>
// CHECK-NEXT:  NetDecl A3 <6:1-6:27>
// CHECK-NEXT:    Parallel <6:16-6:26>
// CHECK-NEXT:      Ref A <6:16-6:16>
// CHECK-NEXT:      Star exit {x} <6:20-6:26>
// CHECK-NEXT:        Ref B <6:20-6:20>
// CHECK-NEXT:  NetDecl A4 <7:1-7:29>
// CHECK-NEXT:    Star exit {x} <7:16-7:28>
// CHECK-NEXT:      Parallel <7:17-7:21>
// CHECK-NEXT:        Ref A <7:17-7:17>
// CHECK-NEXT:        Ref B <7:21-7:21>
// CHECK-NEXT:  NetDecl A5 <8:1-8:28>
// CHECK-NEXT:    Parallel <8:16-8:27>
// CHECK-NEXT:      Serial <8:17-8:22>
// CHECK-NEXT:        Ref A <8:17-8:17>
// CHECK-NEXT:        Ref B <8:22-8:22>
// CHECK-NEXT:      Ref C <8:27-8:27>
// CHECK-NEXT:  NetDecl A6 <10:1-10:38>
// CHECK-NEXT:    Serial <10:16-10:37>
// CHECK-NEXT:      Parallel <10:16-10:20>
// CHECK-NEXT:        Ref A <10:16-10:16>
// CHECK-NEXT:        Ref B <10:20-10:20>
// CHECK-NEXT:      Parallel <10:25-10:37>
// CHECK-NEXT:        Star exit {<x>} <10:25-10:33>
// CHECK-NEXT:          Ref C <10:25-10:25>
// CHECK-NEXT:        Ref D <10:37-10:37>

// The boxes A, B, C and D, and a root module that runs the six nets between
// two action modules, make the file a complete program. The signatures are
// chosen so that every net type-checks: A's records go on to B or D, and B's
// carry x, which ends the stars on {x}.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({a} -> {b, d}) {
  void box(int a) { emit<1>(a, a); }
}

Module B is Box ({b} -> {x, d}) {
  void box(int b) { emit<1>(b, b); }
}

Module C is Box ({c} -> {<x>}) {
  void box(int c) { emit<1>(c); }
}

Module D is Box ({d} -> {e}) {
  void box(int d) { emit<1>(d); }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| A1, A2, A3, A4, A5, A6 ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({a} -> {b, d}) <58:1-60:1>
// CHECK-NEXT:    Cxx "\n  void box(int a) { emit<1>(a, a); }\n" <58:34-59:37>
// CHECK-NEXT:  BoxModuleDecl B ({b} -> {x, d}) <62:1-64:1>
// CHECK-NEXT:    Cxx "\n  void box(int b) { emit<1>(b, b); }\n" <62:34-63:37>
// CHECK-NEXT:  BoxModuleDecl C ({c} -> {<x>}) <66:1-68:1>
// CHECK-NEXT:    Cxx "\n  void box(int c) { emit<1>(c); }\n" <66:33-67:34>
// CHECK-NEXT:  BoxModuleDecl D ({d} -> {e}) <70:1-72:1>
// CHECK-NEXT:    Cxx "\n  void box(int d) { emit<1>(d); }\n" <70:31-71:34>
// CHECK-NEXT:  RootModuleDecl Main <74:1-81:1>
// CHECK-NEXT:    Requires Source <74:37-74:42>
// CHECK-NEXT:    Requires Sink <74:52-74:55>
// CHECK-NEXT:    Initialize <75:3-80:3>
// CHECK-NEXT:      InstanceDecl Source <76:5-76:13>
// CHECK-NEXT:        Declarator s <76:12-76:12>
// CHECK-NEXT:      InstanceDecl Sink <77:5-77:11>
// CHECK-NEXT:        Declarator k <77:10-77:10>
// CHECK-NEXT:      FlowLabel <78:5-78:9>
// CHECK-NEXT:      FlowStmt <79:7-79:41>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <79:7-79:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref A1 <79:13-79:14>
// CHECK-NEXT:          Ref A2 <79:17-79:18>
// CHECK-NEXT:          Ref A3 <79:21-79:22>
// CHECK-NEXT:          Ref A4 <79:25-79:26>
// CHECK-NEXT:          Ref A5 <79:29-79:30>
// CHECK-NEXT:          Ref A6 <79:33-79:34>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <79:40-79:40>
// CHECK-NEXT:  ActionModuleDecl Source <83:1-85:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <83:16-84:15>
// CHECK-NEXT:    Send <84:16-84:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <84:21-84:44>
// CHECK-NEXT:    Cxx " }\n" <84:46-84:48>
// CHECK-NEXT:  ActionModuleDecl Sink <87:1-89:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <87:14-88:32>
// CHECK-NEXT:    Dequeue <88:33-88:41>
// CHECK-NEXT:    Cxx "; }\n" <88:42-88:45>

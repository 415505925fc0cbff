// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Postfix combinators apply left to right, so the last one is outermost.
net P connect C ! <z> \ {y} * {<z>} if (z > 0);
net Q connect A * {x} * {y};

// CHECK:TranslationUnit {{.*}}net-postfix-chain.asp
// CHECK-NEXT:  NetDecl P <3:1-3:47>
// CHECK-NEXT:    Star exit {<z>} if (z > 0) <3:15-3:46>
// CHECK-NEXT:      Feedback back {y} <3:15-3:27>
// CHECK-NEXT:        Split <z> <3:15-3:21>
// CHECK-NEXT:          Ref C <3:15-3:15>
// CHECK-NEXT:  NetDecl Q <4:1-4:28>
// CHECK-NEXT:    Star exit {y} <4:15-4:27>
// CHECK-NEXT:      Star exit {x} <4:15-4:21>
// CHECK-NEXT:        Ref A <4:15-4:15>

// The boxes C and A, and a root module that runs both nets between two action
// modules, make the file a complete program. Records of type {<z>} may enter
// the star's operand (its guard can fail), so P splits on <z>, which they
// carry. Q's outer star never ends for records of type {x}, which the inner
// star passes on unchanged, and -w silences the warning about that.
// RUN: %aspenc --fsyntax-only -w %s
Module C is Box ({<z>} -> {y, <z>} | {<z>}) {
  void box(int z) {
    if (z > 0)
      emit<2>(z - 1);
    else
      emit<1>(z, z + 1);
  }
}

Module A is Box ({w} -> {x, y} | {x}) {
  void box(int w) {
    if (w > 0)
      emit<1>(w, w);
    else
      emit<2>(w);
  }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| P, Q ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl C ({<z>} -> {y, <z>} | {<z>}) <23:1-30:1>
// CHECK-NEXT:    Cxx "\n  void box(int z) {\n    if (z > 0)\n      emit<2>(z - 1);\n    else\n      emit<1>(z, z + 1);\n  }\n" <23:46-29:4>
// CHECK-NEXT:  BoxModuleDecl A ({w} -> {x, y} | {x}) <32:1-39:1>
// CHECK-NEXT:    Cxx "\n  void box(int w) {\n    if (w > 0)\n      emit<1>(w, w);\n    else\n      emit<2>(w);\n  }\n" <32:40-38:4>
// CHECK-NEXT:  RootModuleDecl Main <41:1-48:1>
// CHECK-NEXT:    Requires Source <41:37-41:42>
// CHECK-NEXT:    Requires Sink <41:52-41:55>
// CHECK-NEXT:    Initialize <42:3-47:3>
// CHECK-NEXT:      InstanceDecl Source <43:5-43:13>
// CHECK-NEXT:        Declarator s <43:12-43:12>
// CHECK-NEXT:      InstanceDecl Sink <44:5-44:11>
// CHECK-NEXT:        Declarator k <44:10-44:10>
// CHECK-NEXT:      FlowLabel <45:5-45:9>
// CHECK-NEXT:      FlowStmt <46:7-46:23>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <46:7-46:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref P <46:13-46:13>
// CHECK-NEXT:          Ref Q <46:16-46:16>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <46:22-46:22>
// CHECK-NEXT:  ActionModuleDecl Source <50:1-52:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <50:16-51:15>
// CHECK-NEXT:    Send <51:16-51:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <51:21-51:44>
// CHECK-NEXT:    Cxx " }\n" <51:46-51:48>
// CHECK-NEXT:  ActionModuleDecl Sink <54:1-56:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <54:14-55:32>
// CHECK-NEXT:    Dequeue <55:33-55:41>
// CHECK-NEXT:    Cxx "; }\n" <55:42-55:45>

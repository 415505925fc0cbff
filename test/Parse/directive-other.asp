// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Directives other than #include are kept verbatim, continuation lines
// included; #include_next is not decoded as an include.
#define SCALE 4
#pragma once
#include_next <limits.h>
#define TWICE(x) \
  ((x) + (x))
#if defined(USE_MPI)
#endif

net N connect A;

// CHECK:TranslationUnit {{.*}}directive-other.asp
// CHECK-NEXT:  DirectiveDecl "#define SCALE 4" <4:1-4:15>
// CHECK-NEXT:  DirectiveDecl "#pragma once" <5:1-5:12>
// CHECK-NEXT:  DirectiveDecl "#include_next <limits.h>" <6:1-6:24>
// CHECK-NEXT:  DirectiveDecl "#define TWICE(x) \\\n  ((x) + (x))" <7:1-8:13>
// CHECK-NEXT:  DirectiveDecl "#if defined(USE_MPI)" <9:1-9:20>
// CHECK-NEXT:  DirectiveDecl "#endif" <10:1-10:6>
// CHECK-NEXT:  NetDecl N <12:1-12:16>
// CHECK-NEXT:    Ref A <12:15-12:15>

// The box A, and a root module that runs the net N between two action
// modules, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({x} -> {y}) {
  void box(int x) { emit<1>(TWICE(x) * SCALE); }
}

Module Main is Root requires Module Source, Module Sink {
  void initialize() {
    Source s;
    Sink k;
    flow:
      s ||| N ||| k;
  }
}

Module Source {
  void run() { send new ArrayPayload<int>(1); }
}

Module Sink {
  void run() { QueueElement e = dequeue(); }
}

// CHECK-NEXT:  BoxModuleDecl A ({x} -> {y}) <27:1-29:1>
// CHECK-NEXT:    Cxx "\n  void box(int x) { emit<1>(TWICE(x) * SCALE); }\n" <27:31-28:49>
// CHECK-NEXT:  RootModuleDecl Main <31:1-38:1>
// CHECK-NEXT:    Requires Source <31:37-31:42>
// CHECK-NEXT:    Requires Sink <31:52-31:55>
// CHECK-NEXT:    Initialize <32:3-37:3>
// CHECK-NEXT:      InstanceDecl Source <33:5-33:13>
// CHECK-NEXT:        Declarator s <33:12-33:12>
// CHECK-NEXT:      InstanceDecl Sink <34:5-34:11>
// CHECK-NEXT:        Declarator k <34:10-34:10>
// CHECK-NEXT:      FlowLabel <35:5-35:9>
// CHECK-NEXT:      FlowStmt <36:7-36:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <36:7-36:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref N <36:13-36:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <36:19-36:19>
// CHECK-NEXT:  ActionModuleDecl Source <40:1-42:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <40:16-41:15>
// CHECK-NEXT:    Send <41:16-41:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <41:21-41:44>
// CHECK-NEXT:    Cxx " }\n" <41:46-41:48>
// CHECK-NEXT:  ActionModuleDecl Sink <44:1-46:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <44:14-45:32>
// CHECK-NEXT:    Dequeue <45:33-45:41>
// CHECK-NEXT:    Cxx "; }\n" <45:42-45:45>

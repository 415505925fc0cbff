// RUN: %aspenc --dump-ast %s | FileCheck %s --strict-whitespace --match-full-lines
// Angled includes, with spaces and tabs between '#', 'include' and the path.
#include <vector>
#  include   <sys/types.h>
#	include	<map> /* ordered */

net N connect A;

// CHECK:TranslationUnit {{.*}}include-angled.asp
// CHECK-NEXT:  DirectiveDecl include <vector> <3:1-3:17>
// CHECK-NEXT:  DirectiveDecl include <sys/types.h> <4:1-4:26>
// CHECK-NEXT:  DirectiveDecl include <map> <5:1-5:29>
// CHECK-NEXT:  NetDecl N <7:1-7:16>
// CHECK-NEXT:    Ref A <7:15-7:15>

// The box A, and a root module that runs the net N between two action
// modules, make the file a complete program.
// RUN: %aspenc --fsyntax-only %s
Module A is Box ({x} -> {y}) {
  void box(int x) { emit<1>(x + 1); }
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

// CHECK-NEXT:  BoxModuleDecl A ({x} -> {y}) <19:1-21:1>
// CHECK-NEXT:    Cxx "\n  void box(int x) { emit<1>(x + 1); }\n" <19:31-20:38>
// CHECK-NEXT:  RootModuleDecl Main <23:1-30:1>
// CHECK-NEXT:    Requires Source <23:37-23:42>
// CHECK-NEXT:    Requires Sink <23:52-23:55>
// CHECK-NEXT:    Initialize <24:3-29:3>
// CHECK-NEXT:      InstanceDecl Source <25:5-25:13>
// CHECK-NEXT:        Declarator s <25:12-25:12>
// CHECK-NEXT:      InstanceDecl Sink <26:5-26:11>
// CHECK-NEXT:        Declarator k <26:10-26:10>
// CHECK-NEXT:      FlowLabel <27:5-27:9>
// CHECK-NEXT:      FlowStmt <28:7-28:20>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref s <28:7-28:7>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref N <28:13-28:13>
// CHECK-NEXT:        Stage
// CHECK-NEXT:          Ref k <28:19-28:19>
// CHECK-NEXT:  ActionModuleDecl Source <32:1-34:1>
// CHECK-NEXT:    Cxx "\n  void run() { " <32:16-33:15>
// CHECK-NEXT:    Send <33:16-33:45>
// CHECK-NEXT:      Cxx "new ArrayPayload<int>(1)" <33:21-33:44>
// CHECK-NEXT:    Cxx " }\n" <33:46-33:48>
// CHECK-NEXT:  ActionModuleDecl Sink <36:1-38:1>
// CHECK-NEXT:    Cxx "\n  void run() { QueueElement e = " <36:14-37:32>
// CHECK-NEXT:    Dequeue <37:33-37:41>
// CHECK-NEXT:    Cxx "; }\n" <37:42-37:45>

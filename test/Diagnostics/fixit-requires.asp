// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// A misspelt required module: the closest module is suggested.
// CHECK:{{.*}}:[[@LINE+6]]:37: error: unknown module 'Wroker' in 'requires'
// CHECK:{{.*}}:[[@LINE+5]]:37: note: did you mean 'Worker'?
// CHECK-NEXT:Module Main is Root requires Module Wroker {
// CHECK-NEXT:                                    ^~~~~~
// CHECK-NEXT:                                    Worker
// CHECK-NOT:error:
Module Main is Root requires Module Wroker {
  void initialize() {
    flow:
  }
}
Module Worker { void run() { } }

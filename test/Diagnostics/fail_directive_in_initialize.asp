// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Preprocessor lines are not allowed inside initialize().
Module Main is Root {
  void initialize() {
// CHECK: fail_directive_in_initialize.asp:[[@LINE+1]]:1: error: expected an instance declaration, 'const', 'place', 'flow:' or a flow statement in initialize(), found '#define N 4'{{$}}
#define N 4
  }
}

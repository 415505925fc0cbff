// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Constant declarations belong before 'flow:'.
Module Main is Root {
  void initialize() {
    flow:
// CHECK: fail_const_after_flow.asp:[[@LINE+1]]:5: error: a constant declaration must come before 'flow:'{{$}}
    const int N = 3;
  }
}

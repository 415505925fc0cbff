// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// '%' by zero is reported like '/' by zero.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: fail_const_mod_zero.asp:[[@LINE+1]]:23: error: division by zero in a constant expression{{$}}
    const int N = 7 % 0;
    Worker w[2];
    flow:
      w[0] ||| w[1];
  }
}
Module Worker { void run() { } }

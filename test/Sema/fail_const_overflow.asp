// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// 2^62 * 2 does not fit in a signed 64-bit integer.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: fail_const_overflow.asp:[[@LINE+1]]:19: error: constant expression overflows 64 bits{{$}}
    const int N = 4611686018427387904 * 2;
    Worker w[2];
    flow:
      w[0] ||| w[1];
  }
}
Module Worker { void run() { } }

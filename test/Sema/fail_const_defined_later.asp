// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A constant may only use constants declared before it.
Module Main is Root requires Module Worker {
  void initialize() {
// CHECK: fail_const_defined_later.asp:[[@LINE+1]]:19: error: no constant named 'B' in root module 'Main'{{$}}
    const int A = B * 2;
    const int B = 3;
    Worker w[B];
    flow:
      w[0] ||| w[1];
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Division by a constant that is zero is an error, not a crash or a wrapped
// value.
Module Main is Root requires Module Worker {
  void initialize() {
    const int Z = 0;
// CHECK: fail_const_div_zero.asp:[[@LINE+1]]:18: error: division by zero in a constant expression{{$}}
    Worker w[8 / Z], a[2];
    flow:
      a[Z] ||| a[1];
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Indices of p[4] run from 0 to 3; the index is a constant expression.
Module Main is Root requires Module Worker {
  void initialize() {
    const int N = 4;
    Worker p[N];
    flow:
// CHECK: fail_index_out_of_bounds.asp:[[@LINE+1]]:18: error: index 4 is out of bounds for 'p' (4 instances: 0 to 3){{$}}
      p[0] ||| p[N];
  }
}
Module Worker { void run() { } }

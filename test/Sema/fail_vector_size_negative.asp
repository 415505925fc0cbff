// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A size computed from constants is checked after evaluation: N - 5 is -3.
Module Main is Root requires Module Worker {
  void initialize() {
    const int N = 2;
    Worker a;
// CHECK: fail_vector_size_negative.asp:[[@LINE+1]]:14: error: a vector needs between 1 and 16777216 instances, not -3{{$}}
    Worker w[N - 5], b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A vector has at least one instance.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_vector_size_zero.asp:[[@LINE+1]]:14: error: a vector needs between 1 and 16777216 instances, not 0{{$}}
    Worker w[0], b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

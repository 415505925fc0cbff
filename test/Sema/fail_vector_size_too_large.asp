// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The upper bound of a vector size is 2^24.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_vector_size_too_large.asp:[[@LINE+1]]:14: error: a vector needs between 1 and 16777216 instances, not 16777217{{$}}
    Worker w[16777217], b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

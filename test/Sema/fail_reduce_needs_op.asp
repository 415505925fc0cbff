// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A reduce is always written with its operation.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r;
    flow:
// CHECK: fail_reduce_needs_op.asp:[[@LINE+1]]:13: error: reduce 'r' needs an operation, as in 'r(sum)'{{$}}
      p ||| r ||| p[0];
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

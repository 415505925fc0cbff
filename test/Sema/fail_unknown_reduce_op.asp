// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An operation that is neither built in nor spelled anywhere in the
// program's C++.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r;
    flow:
// CHECK: fail_unknown_reduce_op.asp:[[@LINE+1]]:15: error: 'mean' is not a reduce operation: use sum, multiply, min, max, or a C++ function visible to the program{{$}}
      p ||| r(mean) ||| p[0];
  }
}
Module Parallel { void run() { double meanValue = 0; send 1; dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A collective cannot share a stage with instances.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4], q;
    Reduce r;
    flow:
// CHECK: fail_collective_not_alone.asp:[[@LINE+1]]:16: error: a collective must be the only item of its stage{{$}}
      p ||| q, r(sum) ||| p[0];
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

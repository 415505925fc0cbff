// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A reduce that opens a flow statement has nothing to combine.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r;
    flow:
// CHECK: fail_reduce_no_participants.asp:[[@LINE+1]]:7: error: reduce 'r' has no participants: a collective needs a stage before it{{$}}
      r(sum) ||| p;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

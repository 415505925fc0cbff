// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A broadcast copies; it has no operation.
Module Main is Root requires Module Parallel, Module Broadcast {
  void initialize() {
    Parallel p[4];
    Broadcast b;
    flow:
// CHECK: fail_broadcast_takes_no_op.asp:[[@LINE+1]]:18: error: broadcast 'b' takes no operation{{$}}
      p[0] ||| b(sum) ||| p;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

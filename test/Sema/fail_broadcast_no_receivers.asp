// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Unlike a reduce, a broadcast at the end of a flow is not an "all" form: it
// needs receivers.
Module Main is Root requires Module Parallel, Module Broadcast {
  void initialize() {
    Parallel p[4];
    Broadcast b;
    flow:
// CHECK: fail_broadcast_no_receivers.asp:[[@LINE+1]]:16: error: broadcast 'b' has no receivers: add a stage after it{{$}}
      p[0] ||| b;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

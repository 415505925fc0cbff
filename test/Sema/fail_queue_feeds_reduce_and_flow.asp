// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// p[1]'s default output queue is a participant of r, so it cannot also be
// the source of an ordinary edge (a message sent there would have two
// meanings).
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4], q;
    Reduce r;
    flow:
      p ||| r(sum) ||| p[0];
// CHECK: fail_queue_feeds_reduce_and_flow.asp:[[@LINE+1]]:7: error: output queue 'p[1]' feeds 'r' and also 'q'; a queue that feeds a collective feeds nothing else{{$}}
      p[1] ||| q;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

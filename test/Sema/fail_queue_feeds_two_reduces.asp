// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Fig. 5 of the Aspen paper needs outQueue1 for r2 precisely because one
// queue cannot feed two reduces.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r1, r2;
    flow:
      p ||| r1(sum) ||| p[0], p[2];
// CHECK: fail_queue_feeds_two_reduces.asp:[[@LINE+2]]:18: error: output queue 'p[1]' feeds 'r1' and also 'r2'; a queue that feeds a collective feeds nothing else{{$}}
// CHECK: fail_queue_feeds_two_reduces.asp:[[@LINE+1]]:18: error: output queue 'p[2]' feeds 'r1' and also 'r2'; a queue that feeds a collective feeds nothing else{{$}}
      p[1:2] ||| r2(multiply) ||| p[3];
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

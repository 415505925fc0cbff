// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A collective has exactly one way in and one way out.
Module Main is Root requires Module Parallel, Module Broadcast {
  void initialize() {
    Parallel p[4];
    Broadcast b;
    flow:
// CHECK: fail_collective_queue.asp:[[@LINE+1]]:18: error: a collective has no named queues{{$}}
      p[0] ||| b.copies ||| p;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

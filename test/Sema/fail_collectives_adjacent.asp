// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A reduce cannot feed a broadcast directly.
Module Main is Root requires Module Parallel, Module Reduce, Module Broadcast {
  void initialize() {
    Parallel p[4];
    Reduce r;
    Broadcast b;
    flow:
// CHECK: fail_collectives_adjacent.asp:[[@LINE+1]]:24: error: collective 'r' cannot feed collective 'b' directly; put a module between them{{$}}
      p ||| r(sum) ||| b ||| p;
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

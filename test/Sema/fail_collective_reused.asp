// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A declared collective belongs to exactly one flow statement: its
// participants are exactly one stage.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r;
    flow:
      p[0:1] ||| r(sum) ||| p[0];
// CHECK: fail_collective_reused.asp:[[@LINE+2]]:18: error: collective 'r' is used more than once; each Reduce or Broadcast instance is one collective{{$}}
// CHECK: fail_collective_reused.asp:[[@LINE-2]]:18: note: previous use of 'r' is here{{$}}
      p[2:3] ||| r(sum) ||| p[2];
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

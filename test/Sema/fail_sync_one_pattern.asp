// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A synchro-cell joins records of several types; one type is not enough.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_sync_one_pattern.asp:[[@LINE+1]]:15: error: a synchro-cell needs at least two patterns{{$}}
net N connect [| {a} |];
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

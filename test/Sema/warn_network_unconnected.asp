// RUN: %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// A network that nothing feeds, or whose output goes nowhere, draws the
// warnings a module's queue does (before: nothing at compile time, and at
// run time only the dropped messages).
Module Twice is Box ({<x>} -> {<x>}) {
  void box(long x) { emit<1>(2 * x); }
}
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src s;
    Sink k;
    flow:
// CHECK: warn_network_unconnected.asp:[[@LINE+1]]:7: warning: the default input queue of 'net#1' is not fed by any flow
      Twice ||| k;
// CHECK: warn_network_unconnected.asp:[[@LINE+1]]:13: warning: the default output queue of 'net#2' goes nowhere
      s ||| Twice;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A net defined inside another is checked whether it is used or not, as
// top-level nets are (before: an unused one was never looked at).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
net N {
// CHECK: fail_unused_nested_net.asp:[[@LINE+1]]:17: error: no net or box named 'Nope'{{$}}
  net M connect Nope;
  net Used connect [| {a} |];
// CHECK: fail_unused_nested_net.asp:[[@LINE-1]]:20: error: a synchro-cell needs at least two patterns{{$}}
} connect Inc;
Module Inc is Box ({a} -> {a}) { void box(int a) { emit<1>(a + 1); } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

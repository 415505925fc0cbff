// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Every operand of a network expression is a box or a net.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_unknown_net_in_flow.asp:[[@LINE+1]]:25: error: no net or box named 'Triple'{{$}}
      src ||| Double .. Triple ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Nets are checked where they are defined, even before any flow uses them;
// a nested net is visible only inside the net that defines it.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Outer ||| sink;
  }
}
net Outer {
  net Inner connect Double .. Double;
} connect Inner .. Double;
// CHECK: fail_unknown_net_in_net.asp:[[@LINE+1]]:29: error: no net or box named 'Inner'{{$}}
net Other connect Double .. Inner;
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }

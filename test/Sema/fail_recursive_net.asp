// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A net is expanded in place, so it cannot contain itself; recursion is
// what the star and split combinators are for.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Loop ||| sink;
  }
}
// CHECK: fail_recursive_net.asp:[[@LINE+1]]:36: error: net 'Loop' is defined in terms of itself{{$}}
net Loop connect Double .. (Done | Loop);
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x} | {x, <done>}) { void box(int x) { emit<1>(2 * x); } }
Module Done is Box ({x, <done>} -> {x}) { void box(int x, int d) { emit<1>(x); } }

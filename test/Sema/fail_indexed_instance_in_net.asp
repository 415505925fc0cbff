// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An element of an instance vector in a parallel composition.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink[2];
    flow:
// CHECK: fail_indexed_instance_in_net.asp:[[@LINE+1]]:25: error: 'sink[0]' is a module instance; only boxes and nets can be combined with S-Net operators{{$}}
      src ||| (Double | sink[0]);
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Boxes live in network expressions, not in instance declarations.
Module Main is Root requires Module Worker, Module Double {
  void initialize() {
    Worker w;
// CHECK: fail_box_declared_as_instance.asp:[[@LINE+1]]:5: error: 'Double' is a box module; boxes and nets are used in network expressions, not declared as instances{{$}}
    Double d;
    flow:
      w ||| Double;
  }
}
Module Worker { void run() { } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }

// RUN: %aspenc -w --dump-graph %s | FileCheck %s
// Without a hostfile everything is on one node: no plan across nodes is
// printed, and pins are not used (they name hostfile nodes).
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce r;
    place w[0] on somewhere;
    flow:
      w ||| r(max);
  }
}
Module W { void run() {} }
// CHECK:      Reduce r op max all-reduce
// CHECK-NOT:  Plan
// CHECK-NOT:  @

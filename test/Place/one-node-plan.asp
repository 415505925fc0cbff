// RUN: %aspenc -w --dump-graph %s | FileCheck %s
// Without a hostfile everything is on one node: the reduce is local.
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce r;
    flow:
      w ||| r(max);
  }
}
Module W { void run() {} }
// CHECK:      Reduce r op max all-reduce
// CHECK:        Plan local to one node
// CHECK-NOT:  @

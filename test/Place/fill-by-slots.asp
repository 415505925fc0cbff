// RUN: %aspenc --dump-graph --hostfile %S/Inputs/two-nodes %s | FileCheck %s
// Instances are dealt out in declaration order, each node taking a share
// proportional to its slots (12 of 18 here on the 2-slot node), so a vector
// stays contiguous; the refinement pass then keeps the chain's cut small.
Module Main is Root requires Module W {
  void initialize() {
    W w[18];
    flow:
      w[0:16] ||| w[1:17];
  }
}
Module W { void run() {} }
// CHECK:      Node #0 127.0.0.1 slots 2
// CHECK-NEXT: Node #1 127.0.0.2 slots 1
// CHECK:      Instance #0 w[0] : W [0 of 18] @127.0.0.1
// CHECK:      Instance #11 w[11] : W [11 of 18] @127.0.0.1
// CHECK-NEXT: Instance #12 w[12] : W [12 of 18] @127.0.0.2
// CHECK:      Instance #17 w[17] : W [17 of 18] @127.0.0.2

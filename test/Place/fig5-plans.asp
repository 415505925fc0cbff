// RUN: %aspenc -w --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// The paper's Fig. 5 on four nodes, one instance each: r1 reduces over all
// four nodes to the two holding p[0] and p[2] (halving, then a pruned
// butterfly); r2 reduces p[1] and p[2] and delivers to p[3]'s node, which
// does not contribute.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r1, r2;
    flow:
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  }
}
Declare Module Parallel {
  Output:
    Output Queue is outQueue1;
}
Module Parallel { void run() {} }
// CHECK:      Reduce r1 op sum
// CHECK:        Plan ranks 0=127.0.0.1, 1=127.0.0.3, 2=127.0.0.2, 3=127.0.0.4
// CHECK-NEXT:   Plan ranks: participants 0-3 (receivers 0-1)
// CHECK-NEXT:   Plan rank of each participant: 0 2 1 3
// CHECK-NEXT:   Plan step 1: 2->0 (reduce), 3->1 (reduce)
// CHECK-NEXT:   Plan step 2: 1->0 (reduce), 0->1 (reduce)
// CHECK:      Reduce r2 op multiply
// CHECK:        Plan ranks 0=127.0.0.2, 1=127.0.0.3, 2=127.0.0.4
// CHECK-NEXT:   Plan ranks: participants 0-1, other receivers 2
// CHECK-NEXT:   Plan step 1: 1->0 (reduce)
// CHECK-NEXT:   Plan step 2: 0->2 (deliver)

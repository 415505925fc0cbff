// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// 'place ... on' pins instances to a node given by name, by quoted name or
// by number. Pinning an instance to the same node twice is not a conflict,
// and a pin may come before the declaration it names.
Module Main is Root requires Module Worker {
  void initialize() {
    place late on n1;
    Worker p[4], q, r, late;
    place p[0:1] on n0;
    place p[2] on "gpu-box";
    place q on 1;
    place p[3], r on n0;
    place p[0] on n0;
    flow:
      p ||| q, r, late, p[0];
  }
}
Module Worker { void run() { } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 4] on node 'n0'
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 4] on node 'n0'
// CHECK-NEXT:  Instance #2 p[2] : Worker [2 of 4] on node 'gpu-box'
// CHECK-NEXT:  Instance #3 p[3] : Worker [3 of 4] on node 'n0'
// CHECK-NEXT:  Instance #4 q : Worker on node #1
// CHECK-NEXT:  Instance #5 r : Worker on node 'n0'
// CHECK-NEXT:  Instance #6 late : Worker on node 'n1'
// CHECK-NEXT:  Edge p[0] -> q
// CHECK-NEXT:  Edge p[1] -> r
// CHECK-NEXT:  Edge p[2] -> late
// CHECK-NEXT:  Edge p[3] -> p[0]
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Different lengths (2 and 3) connect every source to every target; a
// one-element slice against two targets is also all pairs, not a zip.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src p[2];
    Sink q[3];
    flow:
      p ||| q;
      p[1:1] ||| q[0:1];
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 p[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #2 q[0] : Sink [0 of 3]
// CHECK-NEXT:  Instance #3 q[1] : Sink [1 of 3]
// CHECK-NEXT:  Instance #4 q[2] : Sink [2 of 3]
// CHECK-NEXT:  Edge p[0] -> q[0]
// CHECK-NEXT:  Edge p[0] -> q[1]
// CHECK-NEXT:  Edge p[0] -> q[2]
// CHECK-NEXT:  Edge p[1] -> q[0]
// CHECK-NEXT:  Edge p[1] -> q[1]
// CHECK-NEXT:  Edge p[1] -> q[2]
// CHECK-NEXT:  Edge p[1] -> q[0]
// CHECK-NEXT:  Edge p[1] -> q[1]
// CHECK-NOT:{{.}}

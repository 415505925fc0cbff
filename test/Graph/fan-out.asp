// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// One source and a vector of four targets: the source feeds every element
// (its messages are dealt round-robin at run time).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink w[4];
    flow:
      src ||| w;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 w[0] : Sink [0 of 4]
// CHECK-NEXT:  Instance #2 w[1] : Sink [1 of 4]
// CHECK-NEXT:  Instance #3 w[2] : Sink [2 of 4]
// CHECK-NEXT:  Instance #4 w[3] : Sink [3 of 4]
// CHECK-NEXT:  Edge src -> w[0]
// CHECK-NEXT:  Edge src -> w[1]
// CHECK-NEXT:  Edge src -> w[2]
// CHECK-NEXT:  Edge src -> w[3]
// CHECK-NOT:{{.}}

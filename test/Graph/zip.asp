// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Equal lengths greater than one are zipped: element i feeds element i, for
// whole vectors and for slices at different offsets.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src p[3];
    Sink q[3];
    flow:
      p ||| q;
      p[0:1] ||| q[1:2];
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 p[0] : Src [0 of 3]
// CHECK-NEXT:  Instance #1 p[1] : Src [1 of 3]
// CHECK-NEXT:  Instance #2 p[2] : Src [2 of 3]
// CHECK-NEXT:  Instance #3 q[0] : Sink [0 of 3]
// CHECK-NEXT:  Instance #4 q[1] : Sink [1 of 3]
// CHECK-NEXT:  Instance #5 q[2] : Sink [2 of 3]
// CHECK-NEXT:  Edge p[0] -> q[0]
// CHECK-NEXT:  Edge p[1] -> q[1]
// CHECK-NEXT:  Edge p[2] -> q[2]
// CHECK-NEXT:  Edge p[0] -> q[1]
// CHECK-NEXT:  Edge p[1] -> q[2]
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// An index selects one element and a slice [lo:hi] the elements lo to hi
// inclusive: a scatter from p[0] to p[1:3] and a gather from there to p[4].
Module Main is Root requires Module Relay {
  void initialize() {
    Relay p[5];
    flow:
      p[0] ||| p[1:3] ||| p[4];
  }
}
Module Relay { void run() { send dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Relay action sends dequeues
// CHECK-NEXT:  Instance #0 p[0] : Relay [0 of 5]
// CHECK-NEXT:  Instance #1 p[1] : Relay [1 of 5]
// CHECK-NEXT:  Instance #2 p[2] : Relay [2 of 5]
// CHECK-NEXT:  Instance #3 p[3] : Relay [3 of 5]
// CHECK-NEXT:  Instance #4 p[4] : Relay [4 of 5]
// CHECK-NEXT:  Edge p[0] -> p[1]
// CHECK-NEXT:  Edge p[0] -> p[2]
// CHECK-NEXT:  Edge p[0] -> p[3]
// CHECK-NEXT:  Edge p[1] -> p[4]
// CHECK-NEXT:  Edge p[2] -> p[4]
// CHECK-NEXT:  Edge p[3] -> p[4]
// CHECK-NOT:{{.}}

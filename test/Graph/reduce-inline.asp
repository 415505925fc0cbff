// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// 'Reduce(op)' written in a flow is a collective of its own, numbered in
// order of appearance; one with receivers and one all-reduce.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker p[2], q[2];
    flow:
      p ||| Reduce(max) ||| p[0];
      q ||| Reduce(min);
  }
}
Module Worker { void run() { send 1; dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action sends dequeues
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 2]
// CHECK-NEXT:  Instance #2 q[0] : Worker [0 of 2]
// CHECK-NEXT:  Instance #3 q[1] : Worker [1 of 2]
// CHECK-NEXT:  Reduce Reduce#1 op max
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Receiver p[0]
// CHECK-NEXT:  Reduce Reduce#2 op min all-reduce
// CHECK-NEXT:    Source q[0]
// CHECK-NEXT:    Source q[1]
// CHECK-NEXT:    Receiver q[0]
// CHECK-NEXT:    Receiver q[1]
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// An all-reduce over a named output queue still delivers to each
// participant's default input queue.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker p[3];
    Reduce r;
    flow:
      p[1:2].partial ||| r(sum);
  }
}
Declare Module Worker {
  Output:
    Output Queue is partial;
}
Module Worker { void run() { send 1 on partial; dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action outputs(partial) dequeues
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 3]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 3]
// CHECK-NEXT:  Instance #2 p[2] : Worker [2 of 3]
// CHECK-NEXT:  Reduce r op sum all-reduce
// CHECK-NEXT:    Source p[1].partial
// CHECK-NEXT:    Source p[2].partial
// CHECK-NEXT:    Receiver p[1]
// CHECK-NEXT:    Receiver p[2]
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// A flow statement may go on after a collective: the receivers of the
// reduce are an ordinary stage, which feeds the next one.
Module Main is Root requires Module Worker, Module Relay, Module Sink, Module Reduce {
  void initialize() {
    Worker p[3];
    Relay m[2];
    Sink sink;
    Reduce r;
    flow:
      p ||| r(sum) ||| m ||| sink;
  }
}
Module Worker { void run() { send 1; } }
Module Relay { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action sends
// CHECK-NEXT:  Module Relay action sends dequeues
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 3]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 3]
// CHECK-NEXT:  Instance #2 p[2] : Worker [2 of 3]
// CHECK-NEXT:  Instance #3 m[0] : Relay [0 of 2]
// CHECK-NEXT:  Instance #4 m[1] : Relay [1 of 2]
// CHECK-NEXT:  Instance #5 sink : Sink
// CHECK-NEXT:  Edge m[0] -> sink
// CHECK-NEXT:  Edge m[1] -> sink
// CHECK-NEXT:  Reduce r op sum
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Source p[2]
// CHECK-NEXT:    Receiver m[0]
// CHECK-NEXT:    Receiver m[1]
// CHECK-NOT:{{.}}

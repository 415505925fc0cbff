// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// The receivers of a reduce need not take part in it: the workers
// contribute, the collector and one logger get the maximum.
Module Main is Root requires Module Worker, Module Collector, Module Reduce {
  void initialize() {
    Worker p[3];
    Collector q, s[2];
    Reduce r;
    flow:
      p ||| r(max) ||| q, s[1];
      s[0] ||| q;
  }
}
Module Worker { void run() { send 1; } }
Module Collector { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action sends
// CHECK-NEXT:  Module Collector action dequeues
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 3]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 3]
// CHECK-NEXT:  Instance #2 p[2] : Worker [2 of 3]
// CHECK-NEXT:  Instance #3 q : Collector
// CHECK-NEXT:  Instance #4 s[0] : Collector [0 of 2]
// CHECK-NEXT:  Instance #5 s[1] : Collector [1 of 2]
// CHECK-NEXT:  Edge s[0] -> q
// CHECK-NEXT:  Reduce r op max
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Source p[2]
// CHECK-NEXT:    Receiver q
// CHECK-NEXT:    Receiver s[1]
// CHECK-NOT:{{.}}

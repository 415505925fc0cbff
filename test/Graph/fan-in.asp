// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// A vector of three sources and one target: every element feeds it, and its
// input queue merges them.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src w[3];
    Sink sink;
    flow:
      w ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 w[0] : Src [0 of 3]
// CHECK-NEXT:  Instance #1 w[1] : Src [1 of 3]
// CHECK-NEXT:  Instance #2 w[2] : Src [2 of 3]
// CHECK-NEXT:  Instance #3 sink : Sink
// CHECK-NEXT:  Edge w[0] -> sink
// CHECK-NEXT:  Edge w[1] -> sink
// CHECK-NEXT:  Edge w[2] -> sink
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// One flow between two single instances is one edge, from the default
// output queue of the source to the default input queue of the target.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src a;
    Sink b;
    flow:
      a ||| b;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 a : Src
// CHECK-NEXT:  Instance #1 b : Sink
// CHECK-NEXT:  Edge a -> b
// CHECK-NOT:{{.}}

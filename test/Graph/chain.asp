// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// 'a ||| b ||| c' connects each stage to the next: a -> b and b -> c, and
// nothing from a to c.
Module Main is Root requires Module Src, Module Relay, Module Sink {
  void initialize() {
    Src a;
    Relay b;
    Sink c;
    flow:
      a ||| b ||| c;
  }
}
Module Src { void run() { send 1; } }
Module Relay { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Relay action sends dequeues
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 a : Src
// CHECK-NEXT:  Instance #1 b : Relay
// CHECK-NEXT:  Instance #2 c : Sink
// CHECK-NEXT:  Edge a -> b
// CHECK-NEXT:  Edge b -> c
// CHECK-NOT:{{.}}

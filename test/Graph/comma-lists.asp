// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// A stage may list several references; the rule applies to the expanded
// lists: equal lengths (2 and 2, where the vector b counts as two) are
// zipped, anything else is all pairs.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src a, b[2], f;
    Sink c, d, e, g[2], h, k;
    flow:
      a, b[1] ||| c, d;
      b ||| g[0], e;
      f ||| c, g;
      a, f ||| h, k, e;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 a : Src
// CHECK-NEXT:  Instance #1 b[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #2 b[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #3 f : Src
// CHECK-NEXT:  Instance #4 c : Sink
// CHECK-NEXT:  Instance #5 d : Sink
// CHECK-NEXT:  Instance #6 e : Sink
// CHECK-NEXT:  Instance #7 g[0] : Sink [0 of 2]
// CHECK-NEXT:  Instance #8 g[1] : Sink [1 of 2]
// CHECK-NEXT:  Instance #9 h : Sink
// CHECK-NEXT:  Instance #10 k : Sink
// CHECK-NEXT:  Edge a -> c
// CHECK-NEXT:  Edge b[1] -> d
// CHECK-NEXT:  Edge b[0] -> g[0]
// CHECK-NEXT:  Edge b[1] -> e
// CHECK-NEXT:  Edge f -> c
// CHECK-NEXT:  Edge f -> g[0]
// CHECK-NEXT:  Edge f -> g[1]
// CHECK-NEXT:  Edge a -> h
// CHECK-NEXT:  Edge a -> k
// CHECK-NEXT:  Edge a -> e
// CHECK-NEXT:  Edge f -> h
// CHECK-NEXT:  Edge f -> k
// CHECK-NEXT:  Edge f -> e
// CHECK-NOT:{{.}}

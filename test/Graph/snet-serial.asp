// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Serial composition of a named net: every output variant of A is followed
// through B, which sees {y} and {y, <t>} (the tag flows past it).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src[2];
    Sink sink;
    flow:
      src ||| AB ||| sink;
  }
}
net AB ({x} -> {w} | {w, <t>}) connect A .. B;
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module A is Box ({x} -> {y} | {y, <t>}) { void box() { } }
Module B is Box ({y} -> {w}) { void box() { } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Module A box
// CHECK-NEXT:  Module B box
// CHECK-NEXT:  Instance #0 src[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #1 src[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #2 sink : Sink
// CHECK-NEXT:  Instance #3 net#1 network
// CHECK-NEXT:  Edge src[0] -> net#1
// CHECK-NEXT:  Edge src[1] -> net#1
// CHECK-NEXT:  Edge net#1 -> sink
// CHECK-NEXT:  Network net#1
// CHECK-NEXT:    Serial (net AB)
// CHECK-NEXT:      type {x} -> {w} | {w, <t>}
// CHECK-NEXT:      Box A {x} -> {y} | {y, <t>}
// CHECK-NEXT:        type {x} -> {y} | {y, <t>}
// CHECK-NEXT:      Box B {y} -> {w}
// CHECK-NEXT:        type {y} -> {w}
// CHECK-NEXT:        type {y, <t>} -> {w, <t>}
// CHECK-NOT:{{.}}

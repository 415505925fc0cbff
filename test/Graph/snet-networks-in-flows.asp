// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Networks are stages like instances: each network expression in a flow is
// its own network instance (a named net used twice is built twice), a
// network can sit in a comma list, and the connection rule counts it as
// one element.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src[2];
    Sink sink[2];
    flow:
      src ||| Twice, Double ||| sink;
      src[0] ||| Twice ||| sink[0];
  }
}
net Twice connect Double .. Double;
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Double is Box ({x} -> {x}) { void box(int x) { emit<1>(2 * x); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Module Double box
// CHECK-NEXT:  Instance #0 src[0] : Src [0 of 2]
// CHECK-NEXT:  Instance #1 src[1] : Src [1 of 2]
// CHECK-NEXT:  Instance #2 sink[0] : Sink [0 of 2]
// CHECK-NEXT:  Instance #3 sink[1] : Sink [1 of 2]
// CHECK-NEXT:  Instance #4 net#1 network
// CHECK-NEXT:  Instance #5 net#2 network
// CHECK-NEXT:  Instance #6 net#3 network
// CHECK-NEXT:  Edge src[0] -> net#1
// CHECK-NEXT:  Edge src[1] -> net#2
// CHECK-NEXT:  Edge net#1 -> sink[0]
// CHECK-NEXT:  Edge net#2 -> sink[1]
// CHECK-NEXT:  Edge src[0] -> net#3
// CHECK-NEXT:  Edge net#3 -> sink[0]
// CHECK-NEXT:  Network net#1
// CHECK-NEXT:    Serial (net Twice)
// CHECK-NEXT:      type {x} -> {x}
// CHECK-NEXT:      Box Double {x} -> {x}
// CHECK-NEXT:        type {x} -> {x}
// CHECK-NEXT:      Box Double {x} -> {x}
// CHECK-NEXT:        type {x} -> {x}
// CHECK-NEXT:  Network net#2
// CHECK-NEXT:    Box Double {x} -> {x}
// CHECK-NEXT:      type {x} -> {x}
// CHECK-NEXT:  Network net#3
// CHECK-NEXT:    Serial (net Twice)
// CHECK-NEXT:      type {x} -> {x}
// CHECK-NEXT:      Box Double {x} -> {x}
// CHECK-NEXT:        type {x} -> {x}
// CHECK-NEXT:      Box Double {x} -> {x}
// CHECK-NEXT:        type {x} -> {x}
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Flow inheritance: Work consumes only field a, so meta and <id>, which it
// does not mention, travel on with its output. Tidy emits meta itself; the
// inherited meta does not make a second one.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. Work .. Tidy ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({img} -> {a, meta, <id>}) { void box() { } }
Module Work is Box ({a} -> {b}) { void box() { } }
Module Tidy is Box ({b} -> {meta}) { void box() { } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action sends
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Module Gen box
// CHECK-NEXT:  Module Work box
// CHECK-NEXT:  Module Tidy box
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 sink : Sink
// CHECK-NEXT:  Instance #2 net#1 network
// CHECK-NEXT:  Edge src -> net#1
// CHECK-NEXT:  Edge net#1 -> sink
// CHECK-NEXT:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {img} -> {meta, <id>}
// CHECK-NEXT:      Box Gen {img} -> {a, meta, <id>}
// CHECK-NEXT:        type {img} -> {a, meta, <id>}
// CHECK-NEXT:      Box Work {a} -> {b}
// CHECK-NEXT:        type {a, meta, <id>} -> {b, meta, <id>}
// CHECK-NEXT:      Box Tidy {b} -> {meta}
// CHECK-NEXT:        type {b, meta, <id>} -> {meta, <id>}
// CHECK-NOT:{{.}}

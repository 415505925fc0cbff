// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Serial replication: records go through replicas of Step until one
// matches the exit pattern {<done>}; only {a, <done>} ever leaves.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. Step * {<done>} ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({x} -> {a}) { void box() { } }
Module Step is Box ({a} -> {a} | {a, <done>}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {a, <done>}
// CHECK-NEXT:      Box Gen {x} -> {a}
// CHECK-NEXT:        type {x} -> {a}
// CHECK-NEXT:      Star exit {<done>}
// CHECK-NEXT:        type {a} -> {a, <done>}
// CHECK-NEXT:        Box Step {a} -> {a} | {a, <done>}
// CHECK-NEXT:          type {a} -> {a} | {a, <done>}
// CHECK-NOT:{{.}}

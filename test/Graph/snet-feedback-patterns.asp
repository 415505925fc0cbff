// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Feedback with two patterns: records of type {a} and of type {b} both go
// round again; only {c} leaves.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| (A | B) \ {a}, {b} ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module A is Box ({a} -> {b} | {c}) { void box() { } }
Module B is Box ({b} -> {a} | {c}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Feedback back {a}, {b}
// CHECK-NEXT:      type {a} -> {c}
// CHECK-NEXT:      type {b} -> {c}
// CHECK-NEXT:      Parallel
// CHECK-NEXT:        type {a} -> {b} | {c}
// CHECK-NEXT:        type {b} -> {a} | {c}
// CHECK-NEXT:        Box A {a} -> {b} | {c}
// CHECK-NEXT:          type {a} -> {b} | {c}
// CHECK-NEXT:        Box B {b} -> {a} | {c}
// CHECK-NEXT:          type {b} -> {a} | {c}
// CHECK-NOT:{{.}}

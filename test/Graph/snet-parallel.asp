// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Best-match routing: {a, b} matches both branches and goes to AandB, whose
// input type has more labels; {a} and {a, c} go to OnlyA, and c is
// inherited through it.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. (OnlyA | AandB) ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({x} -> {a} | {a, b} | {a, c}) { void box() { } }
Module OnlyA is Box ({a} -> {p}) { void box() { } }
Module AandB is Box ({a, b} -> {q}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {p} | {q} | {c, p}
// CHECK-NEXT:      Box Gen {x} -> {a} | {a, b} | {a, c}
// CHECK-NEXT:        type {x} -> {a} | {a, b} | {a, c}
// CHECK-NEXT:      Parallel
// CHECK-NEXT:        type {a} -> {p}
// CHECK-NEXT:        type {a, b} -> {q}
// CHECK-NEXT:        type {a, c} -> {c, p}
// CHECK-NEXT:        Box OnlyA {a} -> {p}
// CHECK-NEXT:          type {a} -> {p}
// CHECK-NEXT:          type {a, c} -> {c, p}
// CHECK-NEXT:        Box AandB {a, b} -> {q}
// CHECK-NEXT:          type {a, b} -> {q}
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// An initialiser box has no input type and accepts nothing, so the parallel
// composition takes only what Pass does. Its output {a} continues from it
// into Use: the types Use sees come from both.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| (Init | Pass) .. Use ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Init is Box ( -> {a, <t>}) { void box() { } }
Module Pass is Box ({x} -> {a}) { void box() { } }
Module Use is Box ({a} -> {b}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {b}
// CHECK-NEXT:      Parallel
// CHECK-NEXT:        type {x} -> {a}
// CHECK-NEXT:        Box Init -> {a, <t>}
// CHECK-NEXT:        Box Pass {x} -> {a}
// CHECK-NEXT:          type {x} -> {a}
// CHECK-NEXT:      Box Use {a} -> {b}
// CHECK-NEXT:        type {a} -> {b}
// CHECK-NEXT:        type {a, <t>} -> {b, <t>}
// CHECK-NOT:{{.}}

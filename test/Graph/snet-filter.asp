// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Filters: renaming (c = a), copying (d = a), a computed tag, dropping a
// tag the pattern binds (<t> in the first output), inheriting a label the
// pattern does not mention (e); the identity filter [], a filter that keeps
// only inherited labels, and a filter with no output at all.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. [{a, b, <t>} -> {c = a, b, <u = t + 1>}; {a, d = a, <t>}] ||| sink;
      src ||| Gen .. [] .. [{e} -> {}] ||| sink;
      src ||| Gen .. [{a} ->] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({x} -> {a, b, e, <t>}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {b, c, e, <u>} | {a, d, e, <t>}
// CHECK-NEXT:      Box Gen {x} -> {a, b, e, <t>}
// CHECK-NEXT:        type {x} -> {a, b, e, <t>}
// CHECK-NEXT:      Filter [{a, b, <t>} -> {c=a, b, <u=(t + 1)>}; {a, d=a, <t>}]
// CHECK-NEXT:        type {a, b, e, <t>} -> {b, c, e, <u>} | {a, d, e, <t>}
// CHECK-NEXT:  Network net#2
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {a, b, <t>}
// CHECK-NEXT:      Box Gen {x} -> {a, b, e, <t>}
// CHECK-NEXT:        type {x} -> {a, b, e, <t>}
// CHECK-NEXT:      Filter []
// CHECK-NEXT:        type {a, b, e, <t>} -> {a, b, e, <t>}
// CHECK-NEXT:      Filter [{e} -> {}]
// CHECK-NEXT:        type {a, b, e, <t>} -> {a, b, <t>}
// CHECK-NEXT:  Network net#3
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> (nothing)
// CHECK-NEXT:      Box Gen {x} -> {a, b, e, <t>}
// CHECK-NEXT:        type {x} -> {a, b, e, <t>}
// CHECK-NEXT:      Filter [{a} ->]
// CHECK-NEXT:        type {a, b, e, <t>} -> (nothing)
// CHECK-NOT:{{.}}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// The deterministic combinators are typed as their plain forms.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| (Step ** {<done>} !! <k>) || Other ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Step is Box ({a, <k>} -> {a, <k>} | {b, <done>}) { void box() { } }
Module Other is Box ({c} -> {b}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Parallel (deterministic)
// CHECK-NEXT:      type {a, <k>} -> {b, <done>}
// CHECK-NEXT:      type {<done>, <k>} -> {<done>, <k>}
// CHECK-NEXT:      type {c} -> {b}
// CHECK-NEXT:      Split <k> (deterministic)
// CHECK-NEXT:        type {a, <k>} -> {b, <done>}
// CHECK-NEXT:        type {<done>, <k>} -> {<done>, <k>}
// CHECK-NEXT:        Star exit {<done>} (deterministic)
// CHECK-NEXT:          type {a, <k>} -> {b, <done>}
// CHECK-NEXT:          type {<done>, <k>} -> {<done>, <k>}
// CHECK-NEXT:          Box Step {a, <k>} -> {a, <k>} | {b, <done>}
// CHECK-NEXT:            type {a, <k>} -> {a, <k>} | {b, <done>}
// CHECK-NEXT:      Box Other {c} -> {b}
// CHECK-NEXT:        type {c} -> {b}
// CHECK-NOT:{{.}}

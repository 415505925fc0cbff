// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// A synchro-cell holds the first {r} and the first {g} and emits them merged
// as {g, r}; after it has fired, records pass through unchanged.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. [| {r}, {g} |] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({x} -> {r} | {g}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {g, r} | {r} | {g}
// CHECK-NEXT:      Box Gen {x} -> {r} | {g}
// CHECK-NEXT:        type {x} -> {r} | {g}
// CHECK-NEXT:      Sync [| {r}, {g} |]
// CHECK-NEXT:        type {r} -> {g, r} | {r}
// CHECK-NEXT:        type {g} -> {g, r} | {g}
// CHECK-NOT:{{.}}

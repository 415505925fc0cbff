// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Parallel replication on <k>: one replica of Work per value of <k>; Work
// does not consume <k>, so it stays on the output.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Gen .. Work ! <k> ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Gen is Box ({x} -> {a, <k>}) { void box() { } }
Module Work is Box ({a} -> {b}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Serial
// CHECK-NEXT:      type {x} -> {b, <k>}
// CHECK-NEXT:      Box Gen {x} -> {a, <k>}
// CHECK-NEXT:        type {x} -> {a, <k>}
// CHECK-NEXT:      Split <k>
// CHECK-NEXT:        type {a, <k>} -> {b, <k>}
// CHECK-NEXT:        Box Work {a} -> {b}
// CHECK-NEXT:          type {a, <k>} -> {b, <k>}
// CHECK-NOT:{{.}}

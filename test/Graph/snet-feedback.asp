// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Feedback: records always enter Step; those matching {<n>} go back to its
// input, the others leave. With a guard, a matching record may also leave.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Step \ {<n>} ||| sink;
      src ||| Step \ {<n>} if (n < 10) ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module Step is Box ({a, <n>} -> {a, <n>} | {r}) { void box() { } }
// CHECK:  Network net#1
// CHECK-NEXT:    Feedback back {<n>}
// CHECK-NEXT:      type {a, <n>} -> {r}
// CHECK-NEXT:      Box Step {a, <n>} -> {a, <n>} | {r}
// CHECK-NEXT:        type {a, <n>} -> {a, <n>} | {r}
// CHECK-NEXT:  Network net#2
// CHECK-NEXT:    Feedback back {<n>} if (n < 10)
// CHECK-NEXT:      type {a, <n>} -> {r} | {a, <n>}
// CHECK-NEXT:      Box Step {a, <n>} -> {a, <n>} | {r}
// CHECK-NEXT:        type {a, <n>} -> {a, <n>} | {r}
// CHECK-NOT:{{.}}

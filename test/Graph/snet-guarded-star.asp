// RUN: %aspenc --dump-graph %s | FileCheck %s
// A guarded exit pattern does not make its type an input of its own: a
// record of type {<n>} alone may fail the guard and enter Step, which needs
// field a. So the network's inputs are Step's, and the star type-checks.
Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src s;
    Dst d;
    flow:
      s ||| Step * {<n>} if (n <= 1) ||| d;
  }
}
Module Src { void run() {} }
Module Dst { void run() {} }
Module Step is Box ({a, <n>} -> {a, <n>}) { void box() {} }
// CHECK:      Network net#1
// CHECK-NEXT:   Star exit {<n>} if (n <= 1)
// CHECK-NEXT:     type {a, <n>} -> {a, <n>}
// CHECK-NEXT:     Box Step {a, <n>} -> {a, <n>}

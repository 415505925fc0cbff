// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=GRAPH
// RUN: %aspenc -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// A reduce with one participant and one receiver only forwards: it is
// compiled as a direct edge, with no collective instance in between.
#include <cstdio>
#include <aspen/runtime.h>
Module Main is Root requires Module A, Module B, Module Reduce {
  void initialize() {
    A a;
    B b;
    Reduce r;
    flow:
      a ||| r(sum) ||| b;
  }
}
Module A {
  void run() {
    for (int i = 1; i <= 3; ++i)
      send new ArrayPayload<int>(&i, 1);
  }
}
Module B {
  void run() {
    int s = 0;
    for (int i = 0; i < 3; ++i) {
      QueueElement q = dequeue();
      s += *static_cast<int *>(getPayload(q));
    }
    std::printf("b got %d\n", s);
  }
}
// CHECK: b got 6
// GRAPH:      Reduce r op sum
// GRAPH-NEXT:   Source a
// GRAPH-NEXT:   Receiver b
// GRAPH-NEXT:   Pass-through: compiled as a direct edge
// IR-NOT: call i32 @aspen_rt_add_collective

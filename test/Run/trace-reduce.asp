// RUN: %aspenc %s -o %t
// RUN: env ASPEN_TRACE=%t.json %t
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s
// ASPEN_TRACE shows each combine of a reduce as a slice named after the
// collective, next to the runs of the instances that feed it.
#include <aspen/runtime.h>
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce total;
    flow:
      w ||| total(sum);
  }
}
Module W {
  void run() {
    for (int round = 0; round < 10; ++round) {
      send new ArrayPayload<double>(8);
      dequeue();
    }
  }
}
// Ten rounds of three contributions: two combines each.
// CHECK: slices that overlap without nesting: 0
// CHECK-NEXT: async begins and ends unpaired: 0
// CHECK-NEXT: flow arrows: 60
// CHECK-NEXT: flow ids used more than once: 0
// CHECK-NEXT: flow ends without a start: 0
// CHECK-NEXT: flow starts without an end: 0
// CHECK-NEXT: flow ends before their start: 0
// CHECK-NEXT: flow events outside their send or dequeue slice: 0
// CHECK-DAG: reduce step: 1 names: reduce step total
// CHECK-DAG: run: {{[0-9]+}} names: total, w[0], w[1], w[2]

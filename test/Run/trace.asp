// RUN: %aspenc %s -o %t
// RUN: env ASPEN_TRACE=%t.json ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=2 %t
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s
// ASPEN_TRACE writes a Chrome/Perfetto trace: a track per worker with a
// slice per fiber run named after the instance, sends and dequeues naming
// the other end or the queue, and time parked (queues of 2 make the
// producer wait) as async slices, since it overlaps other fibers' runs on
// the worker: the slices of every track nest. Each message is a flow arrow
// from the send slice that sent it to the dequeue slice that took it.
#include <aspen/runtime.h>
Module Main is Root requires Module P, Module C {
  void initialize() {
    P p;
    C c;
    flow:
      p ||| c;
  }
}
Module P {
  void run() {
    for (int i = 0; i < 100; ++i)
      send new ArrayPayload<int>(1);
  }
}
Module C {
  void run() {
    while (QueueElement q = dequeue()) {
    }
  }
}
// CHECK: threads: worker 0
// CHECK-NEXT: slices that overlap without nesting: 0
// CHECK-NEXT: async begins and ends unpaired: 0
// CHECK-NEXT: flow arrows: 100
// CHECK-NEXT: flow ids used more than once: 0
// CHECK-NEXT: flow ends without a start: 0
// CHECK-NEXT: flow starts without an end: 0
// CHECK-NEXT: flow ends before their start: 0
// CHECK-NEXT: flow events outside their send or dequeue slice: 0
// CHECK-DAG: dequeue: 1 names: dequeue c
// CHECK-DAG: run: 2 names: c, p
// CHECK-DAG: send: 1 names: send p
// CHECK-DAG: parked in send: 1 names: parked in send p

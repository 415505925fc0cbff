// RUN: %aspenc %s -o %t
// RUN: env ASPEN_STATS=1 ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=4 %t 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=1 %t 2>&1 | FileCheck %s --check-prefix=QUIET
// ASPEN_STATS=1: after the program's own output, messages per edge, the
// deepest each queue got, and time parked per instance.
#include <cstdio>
#include <aspen/runtime.h>
Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src s;
    Dst d[2];
    flow:
      s ||| d;
  }
}
Module Src {
  void run() {
    for (int i = 0; i < 10; ++i)
      send new ArrayPayload<int>(&i, 1);
  }
}
Module Dst {
  void run() {
    int n = 0;
    while (QueueElement q = dequeue())
      ++n;
    std::printf("%s got %d\n", instanceName(), n);
  }
}
// CHECK-DAG:  d[0] got 5
// CHECK-DAG:  d[1] got 5
// CHECK:      aspen: stats: 3 instances, 2 edges, {{[0-9.]+}} s
// CHECK-NEXT:   edge s -> d[0]: 5 messages, queue high-water {{[1-4]}} of 4
// CHECK-NEXT:   edge s -> d[1]: 5 messages, queue high-water {{[1-4]}} of 4
// CHECK:      instance d[0]: parked {{[0-9.]+}} s in dequeue, {{[0-9.]+}} s in send
// QUIET-NOT: stats

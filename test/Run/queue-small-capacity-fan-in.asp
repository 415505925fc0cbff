// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 ASPEN_STATS=1 %t 2>&1 | FileCheck %s
// A fan-in ring has all its cells from the start, so fan-in rings get the
// small capacity only while all of them together stay within 64 MiB
// (docs/runtime.md, "Queues"): 1,100 of them at 4,096 cells of 16 bytes
// would take 70 MiB, so each gets 2,048. A queue of one producer grows its
// ring only as it fills, and keeps 4,096.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src a, b, one;
    Sink s[1100], t;
    flow:
      a ||| s;
      b ||| s;
      one ||| t;
  }
}

Module Src {
  void run() {
    for (unsigned k = 0; k < outputTargets(); ++k) {
      int i = int(k);
      sendTo(k, new ArrayPayload<int>(&i, 1));
    }
  }
}

Module Sink {
  void run() {
    int n = 0;
    while (QueueElement e = dequeue())
      ++n;
    if (instanceIndex() == 0)
      std::printf("%s took %d\n", instanceName(), n);
  }
}
// CHECK-DAG: s[0] took 2
// CHECK-DAG: t took 1
// CHECK-DAG: edge a -> s[0]: 1 messages, queue high-water {{[0-9]+}} of 256 (2048 small)
// CHECK-DAG: edge one -> t: 1 messages, queue high-water {{[0-9]+}} of 256 (4096 small)

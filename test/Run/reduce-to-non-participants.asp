// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A reduce whose receivers did not contribute: a vector of workers sums into
// two observers; min and max over int arrays go to one more.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Worker, Module Observer, Module Reduce {
  void initialize() {
    Worker w[6];
    Observer o[3];
    Reduce total, low, high;
    flow:
      w ||| total(sum) ||| o[0:1];
      w.lows ||| low(min) ||| o[2].lows;
      w.highs ||| high(max) ||| o[2].highs;
  }
}

Declare Module Worker {
  Output:
    Output Queue is lows, highs;
}
Declare Module Observer {
  Input:
    Input Queue is lows, highs;
}

Module Worker {
  void run() {
    for (int round = 1; round <= 3; ++round) {
      long v[2] = {long(instanceIndex()) * round, 1};
      send new ArrayPayload<long>(v, 2);
      int x[1] = {instanceIndex() * 10 + round};
      send new ArrayPayload<int>(x, 1) on lows;
      send new ArrayPayload<int>(x, 1) on highs;
    }
  }
}

Module Observer {
  void run() {
    for (int round = 1; round <= 3; ++round) {
      if (instanceIndex() < 2) {
        QueueElement q = dequeue();
        long *s = getPayload(q);
        std::printf("observer %d round %d: sum %ld of %ld workers\n",
                    instanceIndex(), round, s[0], s[1]);
      } else {
        QueueElement a = dequeue(lows), b = dequeue(highs);
        int *lo = getPayload(a), *hi = getPayload(b);
        std::printf("observer 2 round %d: min %d max %d\n", round, lo[0], hi[0]);
      }
    }
  }
}
// CHECK-DAG: observer 0 round 1: sum 15 of 6 workers
// CHECK-DAG: observer 1 round 2: sum 30 of 6 workers
// CHECK-DAG: observer 0 round 3: sum 45 of 6 workers
// CHECK-DAG: observer 2 round 1: min 1 max 51
// CHECK-DAG: observer 2 round 3: min 3 max 53

// RUN: %aspenc %s --hostfile %S/Inputs/nodes8 -o %t
// RUN: %t | FileCheck %s
// Eight nodes: a broadcast from one node to instances on all eight, a
// reduce to receivers that did not contribute (two of them on one node, so
// the result crosses once to that node's broadcast), and a second reduce
// over an overlapping set on a named queue, all at once for 100 rounds.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module P, Module Src, Module Obs, Module Reduce, Module Broadcast {
  void initialize() {
    Src s;
    P p[15];
    Obs o[2];
    Reduce total, prod;
    Broadcast b;
    place s on 0;
    place o[0] on 7;
    place o[1] on 7;
    flow:
      s ||| b ||| p;
      p ||| total(sum) ||| o;
      p[3:8].two ||| prod(max) ||| p[0].maxes;
  }
}
Declare Module P {
  Output:
    Output Queue is two;
  Input:
    Input Queue is maxes;
}

Module Src {
  void run() {
    for (long r = 1; r <= 100; ++r)
      send new ArrayPayload<long>(&r, 1);
  }
}

Module P {
  void run() {
    long bad = 0;
    for (long r = 1; r <= 100; ++r) {
      QueueElement q = dequeue();
      long v = *static_cast<long *>(getPayload(q)) * (instanceIndex() + 1);
      send new ArrayPayload<long>(&v, 1);
      if (instanceIndex() >= 3 && instanceIndex() <= 8)
        send new ArrayPayload<long>(&v, 1) on two;
      if (instanceIndex() == 0) {
        QueueElement m = dequeue(maxes);
        if (*static_cast<long *>(getPayload(m)) != 9 * r)
          ++bad;
      }
    }
    if (instanceIndex() == 0)
      std::printf("p[0]: 100 maxima, %ld wrong\n", bad);
  }
}

Module Obs {
  void run() {
    long bad = 0;
    for (long r = 1; r <= 100; ++r) {
      QueueElement q = dequeue();
      if (*static_cast<long *>(getPayload(q)) != 120 * r)
        ++bad;
    }
    std::printf("%s: 100 sums, %ld wrong\n", instanceName(), bad);
  }
}
// CHECK-DAG: [127.0.0.1] p[0]: 100 maxima, 0 wrong
// CHECK-DAG: [127.0.0.8] o[0]: 100 sums, 0 wrong
// CHECK-DAG: [127.0.0.8] o[1]: 100 sums, 0 wrong

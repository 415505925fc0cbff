// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t2
// RUN: %t2 | FileCheck %s
// RUN: env ASPEN_STATS=1 %t2 2>&1 | FileCheck %s --check-prefix=PLAN
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t3
// RUN: %t3 | FileCheck %s
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t4
// RUN: %t4 | FileCheck %s
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 --dump-graph | FileCheck %s --check-prefix=PLACE
// An all-reduce over ten instances spread over 2, 3 and 4 nodes: 200
// rounds of arrays whose every element is checked on every instance.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[10];
    Reduce r;
    flow:
      w ||| r(sum) ||| w;
  }
}

Module W {
  void run() {
    const int N = 1000;
    long bad = 0;
    for (long round = 0; round < 200; ++round) {
      ArrayPayload<double> *a = new ArrayPayload<double>(N);
      for (int k = 0; k < N; ++k)
        (*a)[k] = instanceIndex() + round * k;
      send a;
      QueueElement q = dequeue();
      double *s = getPayload(q);
      for (int k = 0; k < N; ++k)
        if (s[k] != 45 + 10.0 * round * k)
          ++bad;
    }
    std::printf("w[%d]: 200 rounds, %ld wrong\n", instanceIndex(), bad);
  }
}
// CHECK-DAG: w[0]: 200 rounds, 0 wrong
// CHECK-DAG: w[4]: 200 rounds, 0 wrong
// CHECK-DAG: w[9]: 200 rounds, 0 wrong
// CHECK-NOT: error
// Across two nodes the plan is one exchange: each node's part sends its
// node's sum to the other's once per round.
// PLAN-DAG: [127.0.0.1]   edge r@127.0.0.1 -> r@127.0.0.2: 200 messages
// PLAN-DAG: [127.0.0.2]   edge r@127.0.0.2 -> r@127.0.0.1: 200 messages
// PLACE: Instance #0 w[0] : W [0 of 10] @127.0.0.1
// PLACE: Instance #9 w[9] : W [9 of 10] @127.0.0.4

// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t2
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 ASPEN_STATS=1 %t2 2>&1 | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t4
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 %t4 | FileCheck %s
// RUN: env N=40003 %t2 | FileCheck %s
// RUN: env N=40003 %t4 | FileCheck %s
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 MISMATCH=1 not %t2 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 --dump-graph | FileCheck %s --check-prefix=PLAN
// Large arrays take Rabenseifner's way across a power of two of nodes:
// reduce-scatter by recursive halving, then allgather by recursive
// doubling, over the butterfly's links (forced here for every size). Every
// element of every round is checked on every instance; on two nodes each
// link carries two messages a round (a half each way, then the other half
// back). Nodes whose arrays differ in length are told so, not answered
// wrongly.
#include <cstdio>
#include <cstdlib>
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
    // 1,003 doubles: the halves and quarters are uneven. 40,003 doubles
    // (313 KiB, over the default threshold) travel in several chunks.
    int n = std::getenv("N") ? std::atoi(std::getenv("N")) : 1003;
    if (std::getenv("MISMATCH") && instanceIndex() >= 5)
      n = 1203;
    long bad = 0;
    for (long round = 0; round < 200; ++round) {
      ArrayPayload<double> *a = new ArrayPayload<double>(n);
      for (int k = 0; k < n; ++k)
        (*a)[k] = instanceIndex() + round * k;
      send a;
      QueueElement q = dequeue();
      double *s = getPayload(q);
      for (int k = 0; k < n; ++k)
        if (s[k] != 45 + 10.0 * round * k)
          ++bad;
    }
    std::printf("w[%d]: 200 rounds, %ld wrong\n", instanceIndex(), bad);
  }
}
// CHECK-DAG: w[0]: 200 rounds, 0 wrong
// CHECK-DAG: w[4]: 200 rounds, 0 wrong
// CHECK-DAG: w[5]: 200 rounds, 0 wrong
// CHECK-DAG: w[9]: 200 rounds, 0 wrong
// TWO-DAG: edge r@127.0.0.1 -> r@127.0.0.2: 400 messages
// TWO-DAG: edge r@127.0.0.2 -> r@127.0.0.1: 400 messages
// SIZES: reduce 'r@127.0.0.{{[12]}}': a node sent {{601|502}} elements where {{501|602}} were due (do the nodes contribute arrays of different sizes or types?)
// PLAN: Plan large arrays (ASPEN_REDUCE_SEGMENT_BYTES, default 64 KiB): reduce-scatter then allgather over the same links

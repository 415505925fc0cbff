// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t4
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 ASPEN_STATS=1 %t4 2>&1 | FileCheck %s --check-prefixes=CHECK,FOUR
// RUN: env N=40003 %t4 | FileCheck %s
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 MISMATCH=8 not %t4 2>&1 | FileCheck %s --check-prefix=SIZES
// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 --dump-graph | FileCheck %s --check-prefix=PLAN
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t2
// RUN: env ASPEN_REDUCE_SEGMENT_BYTES=0 ASPEN_STATS=1 %t2 2>&1 | FileCheck %s --check-prefixes=CHECK,TWO
// RUN: env N=40003 %t2 | FileCheck %s
// RUN: env MISMATCH=5 not %t2 2>&1 | FileCheck %s --check-prefix=SIZES2
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 --dump-graph | FileCheck %s --check-prefix=PLAN2
// Large arrays take Rabenseifner's way across a power of two of four or
// more nodes: reduce-scatter by recursive halving, then allgather by
// recursive doubling, over the butterfly's links (forced here for every
// size). Every element of every round is checked on every instance; on
// four nodes each link carries two messages a round each way (its part of
// the reduce-scatter, then of the allgather). On two nodes the butterfly's
// one exchange sends as many bytes in one message a round, whatever the
// size. Nodes whose arrays differ in length are told so, not answered
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
    if (std::getenv("MISMATCH") && instanceIndex() >= std::atoi(std::getenv("MISMATCH")))
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
// FOUR-DAG: edge r@127.0.0.1 -> r@127.0.0.2: 400 messages
// FOUR-DAG: edge r@127.0.0.1 -> r@127.0.0.3: 400 messages
// FOUR-DAG: edge r@127.0.0.4 -> r@127.0.0.2: 400 messages
// TWO-DAG: edge r@127.0.0.1 -> r@127.0.0.2: 200 messages
// TWO-DAG: edge r@127.0.0.2 -> r@127.0.0.1: 200 messages
// SIZES: reduce 'r@127.0.0.{{[1-4]}}': the nodes' arrays differ in length ({{[0-9]+}} elements here; a piece of {{[0-9]+}} came from another node where {{[0-9]+}} were due)
// SIZES2: reduce 'r@127.0.0.{{[12]}}': the nodes' arrays differ in length ({{1003 elements here, 1203|1203 elements here, 1003}} from another node){{$}}
// PLAN: Plan large arrays (ASPEN_REDUCE_SEGMENT_BYTES, default 64 KiB): reduce-scatter then allgather over the same links
// PLAN2: Plan step 1: 1->0 (reduce), 0->1 (reduce)
// PLAN2-NOT: large arrays

// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t
// RUN: env N=8 %t | sed 's/.*round/round/' | sort | uniq -c | FileCheck %s --check-prefix=SMALL
// RUN: env N=100000 %t | sed 's/.*round/round/' | sort | uniq -c | FileCheck %s --check-prefix=LARGE
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t2
// RUN: env N=8 %t2 | sed 's/.*round/round/' | sort | uniq -c | FileCheck %s --check-prefix=SMALL
// An all-reduce over a class derived from ArrayPayload, across 4 and 2
// nodes: the elements are summed, and the class's own field is the first
// participant's on every node, as on one node. Before, 64 KiB and more on
// 4 nodes stopped the job (the segmented path sent the whole payload where
// a piece was due), and each node kept the field of another participant.
#include <cstdio>
#include <cstdlib>
#include "Inputs/tagged.h"

Module Main is Root requires Module W {
  void initialize() {
    W w[8];
    flow:
      w ||| Reduce(sum);
  }
}
Module W {
  void run() {
    const size_t n = size_t(std::atol(std::getenv("N")));
    for (int round = 0; round < 3; ++round) {
      auto *t = new Tagged(n, 100 + 10 * round + instanceIndex());
      for (size_t k = 0; k < n; ++k)
        (*t)[k] = double(instanceIndex() + 1) * double(k % 1000);
      send t;
      QueueElement q = dequeue();
      Tagged &r = getPayload<Tagged>(q);
      long bad = 0;
      for (size_t k = 0; k < n; ++k)
        bad += r[k] != 36.0 * double(k % 1000); // 1 + 2 + ... + 8
      std::printf("w[%d] round %d: %zu elements, %ld wrong, tag %d\n",
                  instanceIndex(), round, r.size(), bad, r.Tag);
    }
  }
}
// SMALL: 8 round 0: 8 elements, 0 wrong, tag 100
// SMALL-NEXT: 8 round 1: 8 elements, 0 wrong, tag 110
// SMALL-NEXT: 8 round 2: 8 elements, 0 wrong, tag 120
// LARGE: 8 round 0: 100000 elements, 0 wrong, tag 100
// LARGE-NEXT: 8 round 1: 100000 elements, 0 wrong, tag 110
// LARGE-NEXT: 8 round 2: 100000 elements, 0 wrong, tag 120

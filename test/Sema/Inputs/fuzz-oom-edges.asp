// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_STACK_SIZE=64k %t | FileCheck %s
// A ring of 10000 instances: n[i] feeds n[i+1] and the last feeds the first.
// A token goes three times round; every hop counts itself and adds the
// index of the instance it passes.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Node {
  void initialize() {
    const int N = 10000;
    Node n[N];
    flow:
      n[1:N-2] ||| n[1:N-1];
      n[N-1] ||| n[0];
  }
}

Module Node {
  void run() {
    if (instanceIndex() == 0) {
      send QueueElement(new ArrayPayload<long>(std::vector<long>{0, 0}));
      for (int round = 1; round <= 3; ++round) {
        QueueElement t = dequeue();
        long *v = getPayload(t);
        std::printf("%s: round %d, hops %ld, index sum %ld\n", instanceName(), round,
                    v[0], v[1]);
        if (round < 3) {
          ++v[0];
          send t;
        }
      }
      return;
    }
    for (int round = 1; round <= 3; ++round) {
      QueueElement t = dequeue();
      long *v = getPayload(t);
      ++v[0];
      v[1] += instanceIndex();
      send t;
    }
  }
}
// CHECK:      n[0]: round 1, hops 9999, index sum 49995000
// CHECK-NEXT: n[0]: round 2, hops 19999, index sum 99990000
// CHECK-NEXT: n[0]: round 3, hops 29999, index sum 149985000

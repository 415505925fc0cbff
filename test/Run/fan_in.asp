// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// A vector of four producers into one consumer: the four streams merge into
// its default input queue, and each stream keeps its own order.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p[4];
    Consumer c;
    flow:
      p ||| c;
  }
}

Module Producer {
  void run() {
    int k = instanceIndex();
    for (int j = 0; j < 500; ++j)
      send QueueElement(new ArrayPayload<int>(std::vector<int>{k, j}));
    send QueueElement(new ArrayPayload<int>(std::vector<int>{k, -1}));
  }
}

Module Consumer {
  void run() {
    long sum[4] = {0, 0, 0, 0};
    int next[4] = {0, 0, 0, 0};
    int done = 0, total = 0, outOfOrder = 0;
    while (done < 4) {
      QueueElement e = dequeue();
      int *v = getPayload(e);
      if (v[1] < 0) {
        ++done;
        continue;
      }
      if (v[1] != next[v[0]])
        ++outOfOrder;
      next[v[0]] = v[1] + 1;
      sum[v[0]] += (v[0] + 1) * v[1];
      ++total;
    }
    for (int k = 0; k < 4; ++k)
      std::printf("from p[%d]: %d messages, weighted sum %ld\n", k, next[k], sum[k]);
    std::printf("total %d, out of order %d\n", total, outOfOrder);
  }
}
// sum of j for j < 500 = 124750
// CHECK:      from p[0]: 500 messages, weighted sum 124750
// CHECK-NEXT: from p[1]: 500 messages, weighted sum 249500
// CHECK-NEXT: from p[2]: 500 messages, weighted sum 374250
// CHECK-NEXT: from p[3]: 500 messages, weighted sum 499000
// CHECK-NEXT: total 2000, out of order 0

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// One source into a vector of three workers: the output queue deals the
// messages round-robin, so worker k gets exactly the values i with
// i % 3 == k, whatever the scheduling. Each worker reports its share to a
// collector, which prints them in index order.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Source, Module Worker, Module Collector {
  void initialize() {
    Source src;
    Worker w[3];
    Collector col;
    flow:
      src ||| w ||| col;
  }
}

Module Source {
  void run() {
    // 100 values: w[0] gets 34 of them, w[1] and w[2] 33.
    for (long i = 0; i < 100; ++i)
      send QueueElement(new ArrayPayload<long>(std::vector<long>{i}));
    for (int k = 0; k < 3; ++k)
      send QueueElement(new ArrayPayload<long>(std::vector<long>{-1}));
  }
}

Module Worker {
  void run() {
    long count = 0, sum = 0, wrong = 0;
    for (;;) {
      QueueElement e = dequeue();
      long *v = getPayload(e);
      if (v[0] < 0)
        break;
      if (v[0] % 3 != instanceIndex())
        ++wrong;
      ++count;
      sum += v[0];
    }
    send QueueElement(new ArrayPayload<long>(
        std::vector<long>{instanceIndex(), count, sum, wrong}));
  }
}

Module Collector {
  void run() {
    long r[3][3];
    for (int n = 0; n < 3; ++n) {
      QueueElement e = dequeue();
      long *v = getPayload(e);
      for (int j = 0; j < 3; ++j)
        r[v[0]][j] = v[j + 1];
    }
    for (int k = 0; k < 3; ++k)
      std::printf("w[%d]: count=%ld sum=%ld foreign=%ld\n", k, r[k][0], r[k][1], r[k][2]);
  }
}
// 0+3+...+99 = 1683, 1+4+...+97 = 1617, 2+5+...+98 = 1650
// CHECK:      w[0]: count=34 sum=1683 foreign=0
// CHECK-NEXT: w[1]: count=33 sum=1617 foreign=0
// CHECK-NEXT: w[2]: count=33 sum=1650 foreign=0

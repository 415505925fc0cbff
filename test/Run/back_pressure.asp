// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// 100000 messages through queues of two elements: senders block while the
// queue is full and resume when it drains. Two producers merge into a relay
// that feeds a slow consumer; nothing is lost, duplicated or reordered.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Relay, Module Consumer {
  void initialize() {
    Producer p[2];
    Relay r;
    Consumer c;
    flow:
      p ||| r ||| c;
  }
}

Module Producer {
  void run() {
    long base = instanceIndex() * 1000000L;
    for (long i = 0; i < 50000; ++i)
      send QueueElement(new ArrayPayload<long>(std::vector<long>{base + i}));
    send QueueElement();
  }
}

Module Relay {
  void run() {
    int ends = 0;
    while (ends < 2) {
      QueueElement e = dequeue();
      if (!e) {
        ++ends;
        continue;
      }
      send e;
    }
    send QueueElement();
  }
}

Module Consumer {
  void run() {
    long count = 0, sum = 0, disorder = 0, next[2] = {0, 1000000};
    volatile long spin = 0;
    for (;;) {
      QueueElement e = dequeue();
      if (!e)
        break;
      long *v = getPayload(e);
      int from = v[0] >= 1000000;
      if (v[0] != next[from])
        ++disorder;
      next[from] = v[0] + 1;
      ++count;
      sum += v[0];
      for (int k = 0; k < 20; ++k)
        spin = spin + k;
    }
    std::printf("count=%ld sum=%ld disorder=%ld\n", count, sum, disorder);
  }
}
// 2 * (0 + ... + 49999) + 50000 * 1000000 = 2499950000 + 50000000000
// CHECK: count=100000 sum=52499950000 disorder=0

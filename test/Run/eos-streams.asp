// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | sort | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | sort | FileCheck %s
// End of stream: when an instance's run() returns, the queues it feeds lose
// a producer; once every producer of a queue has ended and the queue is
// empty, dequeue returns an empty element (false). Fan-in ends after the
// last producer, and a reduce ends when a participant's stream ends, which
// ends its receivers' streams in turn.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Gen, Module Count, Module Reduce {
  void initialize() {
    Gen g[3];
    Count all, sums;
    Reduce r;
    flow:
      g ||| all;
      g.totals ||| r(sum) ||| sums;
  }
}

Declare Module Gen {
  Output:
    Output Queue is totals;
}

Module Gen {
  void run() {
    int n = 10 * (instanceIndex() + 1);
    for (int i = 0; i < n; ++i)
      send new ArrayPayload<int>(&i, 1);
    for (int round = 0; round < 4; ++round)
      send new ArrayPayload<int>(&n, 1) on totals;
  }
}

Module Count {
  void run() {
    int messages = 0, total = 0;
    while (QueueElement q = dequeue()) {
      ++messages;
      total += *static_cast<int *>(getPayload(q));
    }
    std::printf("%s: %d messages, total %d, then the end\n", instanceName(),
                messages, total);
  }
}
// CHECK:      all: 60 messages, total 670, then the end
// CHECK-NEXT: sums: 4 messages, total 240, then the end

// RUN: %aspenc %s --hostfile %S/Inputs/nodes4 -o %t
// RUN: env ASPEN_QUEUE_CAPACITY=4 ASPEN_NET_WINDOW=4 %t | FileCheck %s
// The receive forms across nodes: the collector on node 1 takes from one
// sender at a time, local (w[1]) or remote (w[0], w[2]), each in order
// and bounded by the small queues and windows; then a choice with a
// deadline over a queue fed from node 3 and one fed from node 0, which
// times out while both senders sleep and ends once both have ended. The
// slow senders start when the collector tells them it has reached the
// choice, so however long the first part takes (through ssh, on a lossy
// network), their sleeps fall in the choice's wait.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module Worker, Module Slow, Module Collect {
  void initialize() {
    Worker w[3];
    Slow d, k;
    Collect c;
    place w[0], k on 0;
    place w[1], c on 1;
    place w[2] on 2;
    place d on 3;
    flow:
      w ||| c.in;
      d ||| c.data;
      k ||| c.control;
      c.goData ||| d;
      c.goControl ||| k;
  }
}

Module Worker {
  void run() {
    for (int i = 0; i < 200; ++i) {
      int v = 1000 * instanceIndex() + i;
      send new ArrayPayload<int>(&v, 1);
    }
  }
}

Module Slow {
  void run() {
    QueueElement go = dequeue();
    for (int i = 1; i <= 3; ++i) {
      aspen::sleepFor(std::chrono::milliseconds(300));
      send new ArrayPayload<int>(&i, 1);
    }
  }
}

Declare Module Collect {
  Input:
    Input Queue is in, data, control;
  Output:
    Output Queue is goData, goControl;
}

Module Collect {
  void run() {
    for (int k : {2, 0, 1}) {
      int n = 0, wrong = 0;
      while (Received r = dequeue(in, from: k)) {
        int v = *static_cast<int *>(getPayload(r));
        wrong += v != 1000 * k + n++ || r.sender() != k;
      }
      std::printf("from %d: %d elements, %d wrong\n", k, n, wrong);
    }
    int one = 1;
    send new ArrayPayload<int>(&one, 1) on goData;
    send new ArrayPayload<int>(&one, 1) on goControl;
    int got[2] = {0, 0}, timeouts = 0;
    for (;;) {
      Received r =
          dequeue(data | control, within: std::chrono::milliseconds(20));
      if (r.ended())
        break;
      if (r.timedOut())
        ++timeouts;
      else
        ++got[r.queue()];
    }
    std::printf("data %d, control %d, timed out: %d\n", got[0], got[1],
                timeouts > 3);
  }
}
// CHECK:      from 2: 200 elements, 0 wrong
// CHECK-NEXT: from 0: 200 elements, 0 wrong
// CHECK-NEXT: from 1: 200 elements, 0 wrong
// CHECK-NEXT: data 3, control 3, timed out: 1

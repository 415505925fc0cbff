// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=GRAPH
// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=2 %t | FileCheck %s
// From a particular sender (MPI's source matching): four senders feed one
// queue; `dequeue(q, from: k)` takes the next element of sender k only,
// in the order k sent them, and ends when k has ended, while the others'
// elements wait in their own rings (each bounded: back-pressure holds per
// sender). Senders are numbered by the place of their flow among those
// into the queue: here w[0..2], then x. `from: any` takes from any and
// says who sent it.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Worker, Module Collect {
  void initialize() {
    Worker w[3], x;
    Collect c;
    flow:
      w ||| c.in;
      x ||| c.in;
  }
}
// GRAPH: Module Collect action inputs(in) by-sender(in)

Module Worker {
  void run() {
    int me = instanceCount() == 1 ? 3 : instanceIndex();
    for (int i = 0; i < 6; ++i) {
      int v = 100 * me + i;
      send new ArrayPayload<int>(&v, 1);
    }
  }
}

Declare Module Collect {
  Input:
    Input Queue is in;
}

Module Collect {
  void run() {
    // The last sender first, all of it, then what the others sent.
    for (int k : {3, 1}) {
      std::printf("from %d:", k);
      while (Received r = dequeue(in, from: k))
        std::printf(" %d", *static_cast<int *>(getPayload(r)));
      std::printf("\n");
    }
    int wrong = 0, got = 0, next[4] = {0, 0, 0, 0};
    while (Received r = dequeue(in, from: any)) {
      int v = *static_cast<int *>(getPayload(r));
      int s = r.sender();
      wrong += v / 100 != s || v % 100 != next[s]++;
      wrong += std::string(r.senderName()) !=
               (s == 3 ? std::string("x") : "w[" + std::to_string(s) + "]");
      ++got;
    }
    std::printf("from any: %d more, %d out of order or misattributed\n", got,
                wrong);
  }
}
// CHECK:      from 3: 300 301 302 303 304 305
// CHECK-NEXT: from 1: 100 101 102 103 104 105
// CHECK-NEXT: from any: 12 more, 0 out of order or misattributed

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A chain of three stages: gen sends 1..1000, twice doubles and adds one,
// sink sums and checks the order. An empty element ends the stream.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Gen, Module Twice, Module Sink {
  void initialize() {
    Gen gen;
    Twice twice;
    Sink sink;
    flow:
      gen ||| twice ||| sink;
  }
}

Module Gen {
  void run() {
    for (long i = 1; i <= 1000; ++i) {
      QueueElement q = QueueElement(new ArrayPayload<long>(1));
      long *v = getPayload(q);
      v[0] = i;
      send q;
    }
    send QueueElement();
  }
}

Module Twice {
  void run() {
    for (;;) {
      QueueElement q = dequeue();
      if (!q) {
        send q;
        return;
      }
      long *v = getPayload(q);
      v[0] = 2 * v[0] + 1;
      send q;
    }
  }
}

Module Sink {
  void run() {
    long sum = 0, count = 0, last = 0;
    bool ordered = true;
    for (;;) {
      QueueElement q = dequeue();
      if (!q)
        break;
      long *v = getPayload(q);
      if (v[0] <= last)
        ordered = false;
      last = v[0];
      sum += v[0];
      ++count;
    }
    std::printf("count=%ld sum=%ld last=%ld ordered=%d\n", count, sum, last,
                ordered);
  }
}
// sum of 2i+1 for i = 1..1000 = 1000*1001 + 1000
// CHECK: count=1000 sum=1002000 last=2001 ordered=1
// CHECK-NOT: {{.}}

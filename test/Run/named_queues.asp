// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Named queues: split sends even numbers on 'evens', odd numbers on 'odds'
// and a summary on its default queue; join reads each named input queue by
// name and the default one last. Every queue is its own FIFO.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Split, Module Join {
  void initialize() {
    Split split;
    Join join;
    flow:
      split.evens ||| join.left;
      split.odds ||| join.right;
      split ||| join;
  }
}

Declare Module Split {
  Output:
    Output Queue is evens, odds;
}

Declare Module Join {
  Input:
    Input Queue is left;
    Input Queue is right;
}

Module Split {
  void run() {
    int n = 0;
    for (int i = 0; i < 20; ++i) {
      QueueElement e = QueueElement(new ArrayPayload<int>(std::vector<int>{i}));
      if (i % 2 == 0)
        send e on evens;
      else
        send e on odds;
      ++n;
    }
    send QueueElement(new ArrayPayload<int>(std::vector<int>{n})) ;
  }
}

Module Join {
  void run() {
    // The summary was sent last but is read first: the queues are separate.
    QueueElement s = dequeue();
    int *n = getPayload(s);
    std::printf("summary: %d sent\n", n[0]);
    for (int k = 0; k < 10; ++k) {
      QueueElement o = dequeue(right);
      int *v = getPayload(o);
      std::printf("%d ", v[0]);
    }
    std::printf("\n");
    for (int k = 0; k < 10; ++k) {
      QueueElement e = dequeue(left);
      int *v = getPayload(e);
      std::printf("%d ", v[0]);
    }
    std::printf("\n");
  }
}
// CHECK:      summary: 20 sent
// CHECK-NEXT: {{^}}1 3 5 7 9 11 13 15 17 19 {{$}}
// CHECK-NEXT: {{^}}0 2 4 6 8 10 12 14 16 18 {{$}}

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=3 %t | FileCheck %s
// MultipleItemReceive: `dequeue(q, count: n)` takes n elements, fewer at
// the end of the stream, none after it. JoinedReceive: `dequeue(a & b)`
// takes one element of each queue, in the order named, and gives an empty
// element for a queue whose stream has ended.
#include <cstdio>
#include <vector>
#include <aspen/runtime.h>

Module Main is Root requires Module Gen, Module Take {
  void initialize() {
    Gen g(10), l(4), r(6);
    Take t;
    flow:
      g ||| t;
      l ||| t.left;
      r ||| t.right;
  }
}

Declare Module Gen {
  parameters {
    int n;
  }
}

Module Gen {
  void run() {
    for (int i = 1; i <= n; ++i)
      send new ArrayPayload<int>(&i, 1);
  }
}

Declare Module Take {
  Input:
    Input Queue is left, right;
}

Module Take {
  int value(const QueueElement &e) {
    return e ? *static_cast<int *>(getPayload(e)) : 0;
  }
  void run() {
    unsigned n = 4;
    for (int round = 0; round < 4; ++round) {
      std::vector<QueueElement> v = dequeue(default, count: n);
      std::printf("count: %zu:", v.size());
      for (QueueElement &e : v)
        std::printf(" %d", value(e));
      std::printf("\n");
    }
    for (int round = 0; round < 6; ++round) {
      std::vector<QueueElement> p = dequeue(left & right);
      std::printf("joined: %zu: %d %d\n", p.size(), value(p[0]), value(p[1]));
    }
  }
}
// CHECK:      count: 4: 1 2 3 4
// CHECK-NEXT: count: 4: 5 6 7 8
// CHECK-NEXT: count: 2: 9 10
// CHECK-NEXT: count: 0:
// CHECK-NEXT: joined: 2: 1 1
// CHECK-NEXT: joined: 2: 2 2
// CHECK-NEXT: joined: 2: 3 3
// CHECK-NEXT: joined: 2: 4 4
// CHECK-NEXT: joined: 2: 0 5
// CHECK-NEXT: joined: 2: 0 6

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 %t | sort | FileCheck %s
// A broadcast from one instance to a slice, and another to a list: every
// receiver gets its own copy of every message.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Dst, Module Broadcast {
  void initialize() {
    Src s, t;
    Dst d[5];
    Broadcast b1, b2;
    flow:
      s ||| b1 ||| d[1:3];
      t ||| b2 ||| d[0], d[4];
  }
}
Module Src {
  void run() {
    for (int i = 1; i <= 4; ++i) {
      int v[1] = {i * (instanceName()[0] == 's' ? 1 : 100)};
      send new ArrayPayload<int>(v, 1);
    }
  }
}
Module Dst {
  void run() {
    int sum = 0;
    for (int i = 0; i < 4; ++i) {
      QueueElement q = dequeue();
      sum += *static_cast<int *>(getPayload(q));
    }
    std::printf("%s got %d\n", instanceName(), sum);
  }
}
// CHECK: d[0] got 1000
// CHECK-NEXT: d[1] got 10
// CHECK-NEXT: d[2] got 10
// CHECK-NEXT: d[3] got 10
// CHECK-NEXT: d[4] got 1000

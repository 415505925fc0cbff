// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// 'a ||| b' between two vectors of equal length zips them: a[i] feeds b[i]
// only. Each b[i] checks where its messages came from.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module A, Module B, Module Report {
  void initialize() {
    A a[5];
    B b[5];
    Report r;
    flow:
      a ||| b;
      b ||| r;
  }
}

Module A {
  void run() {
    for (int j = 0; j < 10; ++j)
      send QueueElement(new ArrayPayload<int>(std::vector<int>{instanceIndex(), j}));
  }
}

Module B {
  void run() {
    int mine = 0, sum = 0;
    for (int j = 0; j < 10; ++j) {
      QueueElement e = dequeue();
      int *v = getPayload(e);
      if (v[0] == instanceIndex())
        ++mine;
      sum += v[1];
    }
    send QueueElement(new ArrayPayload<int>(std::vector<int>{instanceIndex(), mine, sum}));
  }
}

Module Report {
  void run() {
    int mine[5], sum[5];
    for (int n = 0; n < 5; ++n) {
      QueueElement e = dequeue();
      int *v = getPayload(e);
      mine[v[0]] = v[1];
      sum[v[0]] = v[2];
    }
    for (int k = 0; k < 5; ++k)
      std::printf("b[%d] got %d from a[%d], sum %d\n", k, mine[k], k, sum[k]);
  }
}
// CHECK:      b[0] got 10 from a[0], sum 45
// CHECK-NEXT: b[1] got 10 from a[1], sum 45
// CHECK-NEXT: b[2] got 10 from a[2], sum 45
// CHECK-NEXT: b[3] got 10 from a[3], sum 45
// CHECK-NEXT: b[4] got 10 from a[4], sum 45

// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// A test is the program itself: four workers square their share of 1..400,
// a Reduce adds the parts, the sink prints the sum.
// CHECK: sum of squares 1..400 = 21413400
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Square, Module Print {
  void initialize() {
    Square s[4];
    Print p;
    flow:
      s ||| Reduce(sum) ||| p;
  }
}

Module Square {
  void run() {
    long sum = 0;
    for (long i = instanceIndex() + 1; i <= 400; i += instanceCount())
      sum += i * i;
    send new ArrayPayload<long>(std::vector<long>{sum});
  }
}

Module Print {
  void run() {
    QueueElement q = dequeue();
    std::printf("sum of squares 1..400 = %ld\n", getPayload<ArrayPayload<long>>(q)[0]);
  }
}

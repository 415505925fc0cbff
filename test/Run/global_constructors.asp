// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Immutable globals from a header that need a constructor are initialised
// before any instance runs.
#include <cstdio>
#include <aspen/runtime.h>
#include "Inputs/globals.h"

Module Main is Root requires Module Show, Module Sink {
  void initialize() {
    Show s;
    Sink k;
    flow:
      s ||| k;
  }
}

Module Show {
  void run() {
    int sum = 0;
    for (int p : primes)
      sum += p;
    std::printf("value=%d greeting='%s' primes=%zu sum=%d\n", dynamicValue,
                greeting.c_str(), primes.size(), sum);
    send QueueElement(new ArrayPayload<char>(greeting.data(), greeting.size()));
  }
}

Module Sink {
  void run() {
    QueueElement e = dequeue();
    std::printf("sink got %zu chars\n", e.get()->elementCount());
  }
}
// CHECK:      value=42 greeting='hello from a global' primes=5 sum=28
// CHECK-NEXT: sink got 19 chars

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=64 %t | FileCheck %s --check-prefixes=CHECK,FAIR
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=4 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Choice (CCR's Choice arbiter): `dequeue(data | control)` takes the first
// element of either queue, says which one it came from, and reports the
// end only once both streams have ended. It is fair: with both queues
// full (the mixer sleeps first, so the senders fill them), a choice takes
// from them in turn, never twice in a row from one while the other has
// elements. Nothing is lost or duplicated: the sums are checked.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module Gen, Module Mixer {
  void initialize() {
    Gen d(1, 3000), c(1000000, 1000);
    Mixer m;
    flow:
      d ||| m.data;
      c ||| m.control;
  }
}

Declare Module Gen {
  parameters {
    long scale;
    int count;
  }
}

Module Gen {
  void run() {
    for (int i = 1; i <= count; ++i) {
      long v = scale * i;
      send new ArrayPayload<long>(&v, 1);
    }
  }
}

Declare Module Mixer {
  Input:
    Input Queue is data, control;
}

Module Mixer {
  void run() {
    aspen::sleepFor(std::chrono::milliseconds(100));
    long sum[2] = {0, 0};
    int count[2] = {0, 0}, run = 0, longestEarly = 0, last = -1, taken = 0;
    Received r;
    while ((r = dequeue(data | control))) {
      unsigned q = r.queue();
      ++count[q];
      sum[q] += *static_cast<long *>(getPayload(r));
      run = q == unsigned(last) ? run + 1 : 1;
      last = int(q);
      if (++taken <= 100)
        longestEarly = std::max(longestEarly, run);
    }
    std::printf("data %d elements, sum %ld\n", count[0], sum[0]);
    std::printf("control %d elements, sum %ld\n", count[1], sum[1]);
    std::printf("ended %d, timed out %d\n", r.ended(), r.timedOut());
    std::printf("longest run of one queue in the first 100: %d\n",
                longestEarly);
    // The end stays the end.
    Received again = dequeue(control | data);
    std::printf("again: ended %d\n", again.ended());
  }
}
// CHECK: data 3000 elements, sum 4501500
// CHECK-NEXT: control 1000 elements, sum 500500000000
// CHECK-NEXT: ended 1, timed out 0
// FAIR-NEXT: longest run of one queue in the first 100: 1
// CHECK: again: ended 1

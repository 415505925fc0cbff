// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_SNET_CONCURRENCY=1 %t | FileCheck %s
// Many records through `!!` inside `||`: 37 replicas, fan making none to
// three records of each input (some after a spin), and records for the
// other branch in between. The sink checks that what leaves is ordered by
// input, and by j within one input, and counts it.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net detmany
connect ([{<i>} -> {<i>, <k = i % 37>}] .. fan !! <k>) || echo;

Module fan is Box ({<i>, <k>} -> {<i>, <j>}) {
  void box(long i, long k) {
    if (i % 13 == 0) {
      volatile long s = 0;
      for (long n = 0; n < 200000; ++n)
        s = s + n;
    }
    for (long j = 0; j < i % 4; ++j)
      emit<1>(i, j);
  }
}

Module echo is Box ({<e>} -> {<e>}) {
  void box(long e) { emit<1>(e); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| detmany ||| sink;
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 3000; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag(i % 5 == 0 ? "e" : "i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long n = 0, lastI = -1, lastJ = -1, bad = 0;
    while (QueueElement q = dequeue()) {
      const auto &r = getPayload<aspen::snet::Record>(q);
      long i = r.hasTag("e") ? r.tag("e") : r.tag("i");
      long j = r.hasTag("j") ? r.tag("j") : 0;
      if (i < lastI || (i == lastI && j <= lastJ)) {
        if (!bad++)
          std::printf("out of order: (%ld, %ld) after (%ld, %ld)\n", i, j,
                      lastI, lastJ);
      }
      lastI = i;
      lastJ = j;
      ++n;
    }
    std::printf("records=%ld out-of-order=%ld\n", n, bad);
  }
}
// CHECK-NOT: out of order
// CHECK: records=4200 out-of-order=0

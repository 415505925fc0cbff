// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A filter gives two records the same field, and the two may reach the box
// at once on two workers: each takes the value by value, and neither may
// find it moved away by the other. The second to run may move it (the
// first has let go); the first copies it.
#include <cstdio>
#include <numeric>
#include <vector>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [ {v, <i>} -> {v, <i>, <c = 0>}; {v, <i>, <c = 1>} ] .. Sum ||| sink;
  }
}

Module Sum is Box ({v, <i>, <c>} -> {<i>, <c>, <s>}) {
  void box(std::vector<long> v, long i, long c) {
    emit<1>(i, c, std::accumulate(v.begin(), v.end(), 0L));
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 5000; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("v", std::vector<long>(64, i)).tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long n = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      ++n;
      if (r.tag("s") != 64 * r.tag("i"))
        ++bad;
    }
    std::printf("%ld records, %ld wrong\n", n, bad);
  }
}
// CHECK: 10000 records, 0 wrong

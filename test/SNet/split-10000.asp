// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A split over 10,000 tag values: each value gets its own replica of the
// synchro-cell, made when its first record arrives, which joins that
// value's {a} and {b}; a second {a} for a value passes the fired cell.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [| {a, <k>}, {b, <k>} |] ! <k> ||| sink;
  }
}

Module Src {
  void run() {
    const long n = 10000;
    // All the {a}s first, in one order, then the {b}s in another.
    for (long k = 0; k < n; ++k) {
      auto *r = new aspen::snet::Record();
      r->tag("k", k).field("a", k);
      send r;
    }
    for (long j = 0; j < n; ++j) {
      long k = (j * 7919) % n; // a permutation: 7919 is prime to 10000
      auto *r = new aspen::snet::Record();
      r->tag("k", k).field("b", 2 * k);
      send r;
    }
    for (long k = 0; k < n; k += 1000) {
      auto *r = new aspen::snet::Record();
      r->tag("k", k).field("a", -1L);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long merged = 0, passed = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      long k = r.tag("k");
      if (r.hasField("b")) {
        ++merged;
        if (r.get<long>("a") != k || r.get<long>("b") != 2 * k)
          ++bad;
      } else {
        ++passed;
        if (r.get<long>("a") != -1)
          ++bad;
      }
    }
    std::printf("merged=%ld passed=%ld bad=%ld\n", merged, passed, bad);
  }
}
// CHECK: merged=10000 passed=10 bad=0

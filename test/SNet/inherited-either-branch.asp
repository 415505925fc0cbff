// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// From F's {a}, one branch of `|` needs <j> and the other <k> (G's split
// makes <k> part of its branch's type); the records bring one or the
// other from the network's input, by flow inheritance through F. The
// network's type is both, {a, <j>} and {a, <k>}, as S-Net types it, with
// no signature to say so (signature-types-body.asp is the same net with
// one).
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net N connect F .. ((UseJ .. F) | (F .. (G ! <k>)));

Module F is Box ({a} -> {a}) {
  void box(long a) { emit<1>(a + 1); }
}
Module UseJ is Box ({a, <j>} -> {a}) {
  void box(long a, long j) { emit<1>(a * 10 + j); }
}
Module G is Box ({a} -> {a}) {
  void box(long a) { emit<1>(a * 100); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 10; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("a", i);
      if (i % 2 == 0)
        r->tag("j", 1);
      else
        r->tag("k", i % 3);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long sum = 0, count = 0;
    while (QueueElement q = dequeue()) {
      sum += getPayload<aspen::snet::Record>(q).get<long>("a");
      ++count;
    }
    std::printf("records %ld sum %ld\n", count, sum);
  }
}
// Even a: (a + 1) * 10 + 1 + 1, for 0, 2, 4, 6, 8: 10 * 25 + 10 = 260.
// Odd a: (a + 2) * 100, for 1, 3, 5, 7, 9: 100 * 35 = 3500.
// CHECK: records 10 sum 3760

// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A net with a signature is typed from the types it declares: from F's
// {a}, one branch of the parallel composition needs <j> and the other <k>
// (G's split makes <k> part of its branch's type), and the signature says
// the records bring one or the other (inherited-either-branch.asp is the
// same net without one, typed by inference).
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net N ({a, <j>} | {a, <k>} -> {a}) connect F .. ((UseJ .. F) | (F .. (G ! <k>)));

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

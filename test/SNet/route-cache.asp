// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 ASPEN_STATS=1 %t 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_STATS=1 %t 2>&1 | FileCheck %s
// Routes are replayed per start and record type (rt/lib/snet/RouteCache.h):
// Gen's outputs of two types start from the same place and take different
// branches of `|`, every time; the star's exit pattern has a guard, so how
// many rounds a record goes is decided by its <n> each round, not by the
// first record's route; and Tagger's filter makes its labels in another
// order than Gen does, which is still the same type. Every record's z is
// checked through the sum, and the dispatches and rounds through the
// counts: 1000 records, 2997 rounds of Dec (the sum of i mod 7).
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net routes connect
  Gen .. ((A .. [{z, <n>} -> {<n>, z}]) | B) .. (Dec * {<n>} if (n <= 0));

Module Gen is Box ({x, <n>} -> {x, <n>, <e>} | {y, <n>}) {
  void box(long x, long n) {
    if (x % 2 == 0)
      emit<1>(x, n, 1);
    else
      emit<2>(x, n);
  }
}

Module A is Box ({x, <n>, <e>} -> {z, <n>}) {
  void box(long x, long n, long) { emit<1>(2 * x, n); }
}

Module B is Box ({y, <n>} -> {z, <n>}) {
  void box(long y, long n) { emit<1>(3 * y, n); }
}

Module Dec is Box ({z, <n>} -> {z, <n>}) {
  void box(long z, long n) { emit<1>(z + 1, n - 1); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| routes ||| sink;
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 1000; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("x", i).tag("n", i % 7);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long sum = 0, count = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      sum += r.get<long>("z");
      count += r.tag("n") == 0;
    }
    std::printf("records %ld sum %ld\n", count, sum);
  }
}
// CHECK: records 1000 sum 1251997
// CHECK: network net#1: 1000 records in, 1000 out
// CHECK-DAG: box Gen at {{.*}}: 1000 firings
// CHECK-DAG: box A at {{.*}}: 500 firings
// CHECK-DAG: box B at {{.*}}: 500 firings
// CHECK-DAG: box Dec at {{.*}}: 2997 firings
// CHECK-DAG: parallel | at {{.*}}: 1000 dispatches

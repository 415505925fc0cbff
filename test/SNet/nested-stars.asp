// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A star inside a star, each unfolding its own replicas: for a record
// starting at <i> = <j> = n, the inner star counts <j> down to 0 with Dec,
// Reset starts the next round at i - 1, and the outer star stops when <i>
// reaches 0, after n + (n - 1) + ... + 1 calls of Dec. Six fields and six
// tags that no box names flow through every replica of both stars.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Nested connect
  ((Dec * {<j>} if (j <= 0)) .. Reset) * {<i>} if (i <= 0);

Module Dec is Box ({<i>, <j>, <calls>} -> {<i>, <j>, <calls>}) {
  void box(long i, long j, long calls) { emit<1>(i, j - 1, calls + 1); }
}

Module Reset is Box ({<i>, <calls>} -> {<i>, <j>, <calls>}) {
  void box(long i, long calls) { emit<1>(i - 1, i - 1, calls); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Nested ||| sink;
  }
}

Module Src {
  void run() {
    for (long n : {0L, 1L, 3L, 5L}) {
      auto *r = new aspen::snet::Record();
      r->tag("i", n).tag("j", n).tag("calls", 0);
      for (int f = 0; f < 6; ++f)
        r->field("f" + std::to_string(f), int(10 * n + f))
            .tag("t" + std::to_string(f), 100 * n + f);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      long n = r.get<int>("f0") / 10;
      bool Kept = true;
      for (int f = 0; f < 6; ++f)
        Kept = Kept && r.get<int>("f" + std::to_string(f)) == 10 * n + f &&
               r.tag("t" + std::to_string(f)) == 100 * n + f;
      std::printf("n=%ld calls=%ld i=%ld j=%ld labels %s\n", n, r.tag("calls"),
                  r.tag("i"), r.tag("j"), Kept ? "kept" : "LOST");
    }
  }
}
// The stars merge records from different replicas in the order they get
// out, which S-Net leaves open.
// CHECK-DAG: n=0 calls=0 i=0 j=0 labels kept
// CHECK-DAG: n=1 calls=1 i=0 j=0 labels kept
// CHECK-DAG: n=3 calls=6 i=0 j=0 labels kept
// CHECK-DAG: n=5 calls=15 i=0 j=0 labels kept
// CHECK-NOT: n=

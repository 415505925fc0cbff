// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A star unfolds replicas of its operand on demand until a record matches
// the exit pattern: here until the guard on <n> holds. A record that
// matches on entry leaves at once. The field x flows through every replica.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Step * {<n>} if (n <= 0) ||| sink;
  }
}

Module Step is Box ({x, <n>} -> {x, <n>}) {
  void box(int x, long n) { emit<1>(x + 1, n - 1); }
}

Module Src {
  void run() {
    for (long n : {3L, 0L, 5L}) {
      auto *r = new aspen::snet::Record();
      r->field("x", 0).tag("n", n).field("id", int(n));
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("id=%d x=%d n=%ld\n", r.get<int>("id"), r.get<int>("x"),
                  r.tag("n"));
    }
  }
}
// Records leave a star from different replicas, so its output is a merge,
// in the order they get out (S-Net leaves it open).
// CHECK-DAG: id=3 x=3 n=0
// CHECK-DAG: id=0 x=0 n=0
// CHECK-DAG: id=5 x=5 n=0
// CHECK-NOT: id=

// RUN: %aspenc %s -o %t
// RUN: %t | sort | FileCheck %s
// A network nested deeper than a continuation holds inline (8 frames): the
// synchro-cell sits under a star, three serial compositions and ten splits,
// so each record there carries 14 frames, and the star instance's replica
// path is 20 values (more than the state table holds inline). Records
// must still reach their own replica, merge once per replica, and come out
// of a box that emits two records (each with its own copy of the deep
// continuation) with every label inherited.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Deep connect
  (((([| {a, <k>}, {b, <k>} |] * {a, b, <k>}) .. Twice)
     ! <t0> ! <t1> ! <t2> ! <t3> ! <t4>
    .. Pass) ! <t5> ! <t6> ! <t7> ! <t8> ! <t9>) .. Pass;

Module Twice is Box ({a, b, <k>} -> {a, b, <k>, <copy>}) {
  void box(int a, int b, long k) {
    emit<1>(a, b, k, 0);
    emit<1>(a, b, k, 1);
  }
}

Module Pass is Box ({<k>} -> {<k>}) {
  void box(long k) { emit<1>(k); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Deep ||| sink;
  }
}

Module Src {
  void run() {
    // The {a} of every key first, then the {b}s in reverse: each cell
    // replica holds its {a} while the others fill.
    for (int part = 0; part < 2; ++part)
      for (int i = 0; i < 4; ++i) {
        int k = part == 0 ? i : 3 - i;
        auto *r = new aspen::snet::Record();
        r->tag("k", k);
        for (int t = 0; t < 10; ++t)
          r->tag("t" + std::to_string(t), 10 * k + t);
        r->field(part == 0 ? "a" : "b", 100 * k + part);
        send r;
      }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("k=%ld copy=%ld a=%d b=%d t0=%ld t9=%ld\n", r.tag("k"),
                  r.tag("copy"), r.get<int>("a"), r.get<int>("b"),
                  r.tag("t0"), r.tag("t9"));
    }
  }
}
// CHECK:      k=0 copy=0 a=0 b=1 t0=0 t9=9
// CHECK-NEXT: k=0 copy=1 a=0 b=1 t0=0 t9=9
// CHECK-NEXT: k=1 copy=0 a=100 b=101 t0=10 t9=19
// CHECK-NEXT: k=1 copy=1 a=100 b=101 t0=10 t9=19
// CHECK-NEXT: k=2 copy=0 a=200 b=201 t0=20 t9=29
// CHECK-NEXT: k=2 copy=1 a=200 b=201 t0=20 t9=29
// CHECK-NEXT: k=3 copy=0 a=300 b=301 t0=30 t9=39
// CHECK-NEXT: k=3 copy=1 a=300 b=301 t0=30 t9=39
// CHECK-NOT:  k=

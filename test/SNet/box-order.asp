// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env ASPEN_SNET_CONCURRENCY=Work:3,1 %t | FileCheck %s
// RUN: env ASPEN_SNET_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_SNET_CONCURRENCY=Wrok:3 not %t 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: env ASPEN_SNET_CONCURRENCY=Work:3,Work:2 not %t 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: env ASPEN_SNET_CONCURRENCY=3,4 not %t 2>&1 | FileCheck %s --check-prefix=DEFAULT2
// Several workers run the box at once, and records take very different
// times, yet its output stream keeps its input order: the box's collector
// forwards invocations in the order their records arrived. Each input gives
// two outputs, which stay together and in order. A concurrency setting for
// a box the program does not have, or for one box twice, is an error.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Work .. [ {<i>, <half>} -> {<i>, <half>, <seen = 1>} ] ||| sink;
  }
}

Module Work is Box ({<i>} -> {<i>, <half>}) {
  void box(long i) {
    // Every seventh record works much longer than its neighbours.
    volatile long spin = (i % 7 == 0) ? 200000 : 10;
    for (long k = 0; k < spin; ++k)
      spin = spin;
    emit<1>(i, 0);
    emit<1>(i, 1);
  }
}

Module Src {
  void run() {
    for (long i = 0; i < 3000; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long next = 0, half = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      if (r.tag("i") != next || r.tag("half") != half || r.tag("seen") != 1)
        ++bad;
      if (++half == 2) {
        half = 0;
        ++next;
      }
    }
    std::printf("records=%ld out-of-order=%ld\n", 2 * next + half, bad);
  }
}
// CHECK: records=6000 out-of-order=0
// NAME: aspen: error: ASPEN_SNET_CONCURRENCY=Wrok:3: this program has no box named 'Wrok' (its boxes: Work)
// TWICE: aspen: error: ASPEN_SNET_CONCURRENCY=Work:3,Work:2: box 'Work' is named twice
// DEFAULT2: aspen: error: ASPEN_SNET_CONCURRENCY=3,4: the limit for every other box is given twice

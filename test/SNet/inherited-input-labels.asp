// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --check-prefix=DUMP --implicit-check-not=error: --implicit-check-not=warning:
// A later stage may need labels that reach it by flow inheritance: Scale
// passes <k> on, which Mul needs, so the net takes {x, <k>}, as S-Net
// infers it (this used to be refused: Mul was said to get only {y}).
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Demo connect Scale .. Mul;

Module Scale is Box ({x} -> {y}) { void box(int x) { emit<1>(2 * x); } }
Module Mul is Box ({y, <k>} -> {z}) { void box(int y, long k) { emit<1>(int(y * k)); } }

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Demo ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("x", 5).tag("k", 3);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("z=%d\n", getPayload<aspen::snet::Record>(q).get<int>("z"));
  }
}
// CHECK: z=30
// DUMP:      Serial (net Demo)
// DUMP-NEXT:   type {x, <k>} -> {z}
// DUMP-NEXT:   Box Scale {x} -> {y}
// DUMP-NEXT:     type {x, <k>} -> {y, <k>}
// DUMP-NEXT:   Box Mul {y, <k>} -> {z}
// DUMP-NEXT:     type {y, <k>} -> {z}

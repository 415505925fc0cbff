// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// A synchro-cell remembers which of its patterns each record type matches
// (SyncCells.cpp, matchMask), but not when a pattern has a guard: then two
// records of one type may match differently. {a, <k=0>} matches no
// pattern and passes on; {a, <k=1>}, of the same type, arrives after it
// and is merged with {b}.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Split .. [| {a, <k>} if (k > 0), {b} |] ||| sink;
  }
}

Module Split is Box ({v} -> {a, <k>} | {b}) {
  void box(int v) {
    emit<1>(v, 0);
    emit<1>(v + 1, 1);
    emit<2>(v + 2);
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("v", 10);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK-DAG: {a=10 <k=0>}
// CHECK-DAG: {a=11 b=12 <k=1>}
// CHECK-NOT: {{.}}

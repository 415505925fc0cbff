// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// A synchro-cell passes records that match none of its patterns on
// unchanged (S-Net's meaning; they used to be refused): {c} goes through
// while {a} and {b} are merged.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Split .. [| {a}, {b} |] ||| sink;
  }
}

Module Split is Box ({v} -> {a} | {b} | {c}) {
  void box(int v) {
    emit<1>(v);
    emit<3>(v + 1);
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
// CHECK-DAG: {c=11}
// CHECK-DAG: {a=10 b=12}

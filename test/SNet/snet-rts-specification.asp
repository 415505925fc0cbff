// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// The S-Net runtime's test specification (examples/tests/C): a net whose
// signature says {A} -> {B}, made of one filter that renames the field.
// Its input is {A=3, B=5}: the filter's output {B=A} names B itself, so
// flow inheritance does not bring the input's B=5 back over it, and A,
// taken by the filter's pattern, is gone.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net filt ({A} -> {B})
connect [{A} -> {B=A}];

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| filt ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("A", 3).field("B", 5);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      std::printf("B=%d A:%s\n", R.get<int>("B"), R.hasField("A") ? "yes" : "no");
    }
  }
}
// CHECK:      B=3 A:no
// CHECK-NOT:  B=

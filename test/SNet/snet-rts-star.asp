// RUN: %aspenc -w %s -o %t
// RUN: %t | FileCheck %s
// After the S-Net runtime's test star (examples/tests/C/star): the
// filter adds the tag <cnt>, which its pattern does not bind, so it starts
// at 0; foo counts A down to 0 under a star and emits the count as B.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net star connect [{A} -> {A, <cnt>}] .. foo * {B};

Module foo is Box ({A, <cnt>} -> {A, <cnt>} | {B}) {
  void box(int x, long counter) {
    if (x > 0)
      emit<1>(x - 1, counter + 1);
    else
      emit<2>(int(counter));
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| star ||| sink;
  }
}

Module Src {
  void run() {
    for (int a : {3, 10, 0}) {
      auto *r = new aspen::snet::Record();
      r->field("A", a);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("B=%d\n", getPayload<aspen::snet::Record>(q).get<int>("B"));
  }
}
// CHECK-DAG: B=3
// CHECK-DAG: B=10
// CHECK-DAG: B=0

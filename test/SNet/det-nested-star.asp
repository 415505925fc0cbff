// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// `!!` inside every replica of a `**`: each replica has an instance of it
// of its own, numbering what reaches that replica, and forgotten when it
// has nothing in flight. step counts x down, one replica a step, sleeping
// longer for smaller x, so records that go less deep, or split on another
// <k>, would overtake; what leaves keeps the input order.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net detnested connect (step !! <k>) ** {y};

Module step is Box ({x, <k>} -> {x, <k>} | {y, <k>}) {
  void box(int x, long k) {
    usleep(2000 * (6 - x % 6));
    if (x > 0)
      emit<1>(x - 1, k);
    else
      emit<2>(int(k), k);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| detnested ||| sink;
  }
}

Module Src {
  void run() {
    const int X[] = {5, 0, 3, 1, 4, 2, 0, 5, 1, 3};
    for (int i = 0; i < 10; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("x", X[i]);
      r->tag("k", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {y=0 <k=0>}
// CHECK-NEXT: {y=1 <k=1>}
// CHECK-NEXT: {y=2 <k=2>}
// CHECK-NEXT: {y=3 <k=3>}
// CHECK-NEXT: {y=4 <k=4>}
// CHECK-NEXT: {y=5 <k=5>}
// CHECK-NEXT: {y=6 <k=6>}
// CHECK-NEXT: {y=7 <k=7>}
// CHECK-NEXT: {y=8 <k=8>}
// CHECK-NEXT: {y=9 <k=9>}
// CHECK-NOT: {{.}}

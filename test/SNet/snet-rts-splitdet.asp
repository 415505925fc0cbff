// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test splitdet (examples/tests/C/splitdet):
// every record has a replica of delay of its own (its <T>), and delay
// sleeps in proportion to A, which falls from record to record, so with
// two workers the later records would finish first; `!!` sends them in
// the order they came.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net splitdet connect delay !! <T>;

Module delay is Box ({A, <T>} -> {A, <T>}) {
  void box(int x, long t) {
    x *= 100;
    usleep(x * 100);
    emit<1>(x, t);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| splitdet ||| sink;
  }
}

Module Src {
  void run() {
    for (int a : {5, 4, 3, 2, 1, 0}) {
      auto *r = new aspen::snet::Record();
      r->field("A", a);
      r->tag("T", 10 * a);
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
// CHECK:      {A=500 <T=50>}
// CHECK-NEXT: {A=400 <T=40>}
// CHECK-NEXT: {A=300 <T=30>}
// CHECK-NEXT: {A=200 <T=20>}
// CHECK-NEXT: {A=100 <T=10>}
// CHECK-NEXT: {A=0 <T=0>}
// CHECK-NOT: {{.}}

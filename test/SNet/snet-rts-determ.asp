// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test determ (examples/tests/C/determ): inside
// a `||`, records take a non-deterministic `|` whose branches delay them
// by D ms. The first record waits 200 ms, the second 100 ms, so with two
// workers the second leaves the inner `|` first; the outer `||` sends them
// in the order they came all the same. The show boxes print to stderr,
// in whatever order they run. intern does not start with showA, as the
// runtime's does: aspenc types a net from its own input, and
// showA .. (left | right) would need {A} to be {A, B, D} or {A, C, D}.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net determ {
  net intern {
    net split {
      net left connect delay .. showB;
      net right connect delay .. showC;
    } connect (left | right);
  } connect (split .. showA);
} connect ([] || intern);

Module showA is Box ({A} -> {A}) {
  void box(int a) {
    std::fprintf(stderr, "showA: A=%d\n", a);
    emit<1>(a);
  }
}
Module showB is Box ({B} -> {B}) {
  void box(int b) {
    std::fprintf(stderr, "showB: B=%d\n", b);
    emit<1>(b);
  }
}
Module showC is Box ({C} -> {C}) {
  void box(int c) {
    std::fprintf(stderr, "showC: C=%d\n", c);
    emit<1>(c);
  }
}
Module delay is Box ({D} -> {D}) {
  void box(int d) {
    usleep(d * 1000);
    emit<1>(d);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| determ ||| sink;
  }
}

Module Src {
  void run() {
    // The runtime's input.xml, with D in tenths.
    auto *r = new aspen::snet::Record();
    r->field("A", 1).field("B", 1).field("D", 200);
    send r;
    r = new aspen::snet::Record();
    r->field("A", 2).field("C", 2).field("D", 100);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {A=1 B=1 D=200}
// CHECK-NEXT: {A=2 C=2 D=100}
// CHECK-NOT: {{.}}

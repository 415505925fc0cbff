// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A synchro-cell inside nested deterministic combinators: a record it
// holds counts for no input, and the merged record leaves in the place of
// the record that fired the cell. The k = 2 pair fires at the third input
// and slow takes 100 ms over it; the c after it, and the k = 1 pair (fired
// at the fifth), wait for it.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net detsync
connect (([| {a, <k>}, {b, <k>} |] .. slow) !! <k>) || other;

Module slow is Box ({<k>} -> {<k>}) {
  void box(long k) {
    if (k == 2)
      usleep(100000);
    emit<1>(k);
  }
}

Module other is Box ({c} -> {c}) {
  void box(int c) { emit<1>(c); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| detsync ||| sink;
  }
}

Module Src {
  void send1(const char *label, int v, long k) {
    auto *r = new aspen::snet::Record();
    r->field(label, v);
    if (k)
      r->tag("k", k);
    send r;
  }
  void run() {
    send1("a", 1, 1);
    send1("a", 2, 2);
    send1("b", 20, 2);
    send1("c", 3, 0);
    send1("b", 10, 1);
    send1("c", 5, 0);
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {a=2 b=20 <k=2>}
// CHECK-NEXT: {c=3}
// CHECK-NEXT: {a=1 b=10 <k=1>}
// CHECK-NEXT: {c=5}
// CHECK-NOT: {{.}}

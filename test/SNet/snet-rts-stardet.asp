// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test stardet (examples/tests/C/stardet): the
// filter adds <cnt>, starting at 0, and foo counts A down under the star,
// one replica per step, sleeping 5 ms a step, then emits the count as B. A
// record with a small A would leave long before one with a large A that
// came first; `**` sends them in the order they came.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net stardet ({A} -> {B}) {
  net cnt connect [{A} -> {A, <cnt>}];
} connect cnt .. foo ** {B};

Module foo is Box ({A, <cnt>} -> {A, <cnt>} | {B}) {
  void box(int x, long counter) {
    usleep(5000);
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
      src ||| stardet ||| sink;
  }
}

Module Src {
  void run() {
    for (int a : {9, 3, 0, 7, 1, 0, 12, 2, 5, 0}) {
      auto *r = new aspen::snet::Record();
      r->field("A", a);
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
// CHECK:      {B=9}
// CHECK-NEXT: {B=3}
// CHECK-NEXT: {B=0}
// CHECK-NEXT: {B=7}
// CHECK-NEXT: {B=1}
// CHECK-NEXT: {B=0}
// CHECK-NEXT: {B=12}
// CHECK-NEXT: {B=2}
// CHECK-NEXT: {B=5}
// CHECK-NEXT: {B=0}
// CHECK-NOT: {{.}}

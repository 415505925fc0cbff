// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test pardet (examples/tests/C/pardet): dec and
// inc sleep (x % 4) * 10 ms before and after they emit, so with two workers
// a record taking the other branch would often overtake a slow one; `||`
// sends the outputs in the order of the inputs all the same.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| dec || inc ||| sink;
  }
}

Module dec is Box ({A} -> {A}) {
  void box(int x) {
    usleep((x % 4) * 10000);
    emit<1>(x - 1);
    usleep((x % 4) * 10000);
  }
}

Module inc is Box ({B} -> {B}) {
  void box(int x) {
    usleep((x % 4) * 10000);
    emit<1>(x + 1);
    usleep((x % 4) * 10000);
  }
}

Module Src {
  void run() {
    const struct {
      const char *L;
      int V;
    } In[] = {{"A", 200}, {"A", 190}, {"A", 180}, {"A", 170}, {"A", 160},
              {"B", 155}, {"B", 145}, {"B", 135}, {"B", 125}, {"B", 115},
              {"A", 110}, {"A", 100}, {"A", 90},  {"A", 80},  {"A", 70},
              {"B", 65},  {"B", 55},  {"B", 45},  {"B", 35},  {"B", 25},
              {"A", 20},  {"B", 15},  {"A", 10}};
    for (const auto &I : In) {
      auto *r = new aspen::snet::Record();
      r->field(I.L, I.V);
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
// CHECK:      {A=199}
// CHECK-NEXT: {A=189}
// CHECK-NEXT: {A=179}
// CHECK-NEXT: {A=169}
// CHECK-NEXT: {A=159}
// CHECK-NEXT: {B=156}
// CHECK-NEXT: {B=146}
// CHECK-NEXT: {B=136}
// CHECK-NEXT: {B=126}
// CHECK-NEXT: {B=116}
// CHECK-NEXT: {A=109}
// CHECK-NEXT: {A=99}
// CHECK-NEXT: {A=89}
// CHECK-NEXT: {A=79}
// CHECK-NEXT: {A=69}
// CHECK-NEXT: {B=66}
// CHECK-NEXT: {B=56}
// CHECK-NEXT: {B=46}
// CHECK-NEXT: {B=36}
// CHECK-NEXT: {B=26}
// CHECK-NEXT: {A=19}
// CHECK-NEXT: {B=16}
// CHECK-NEXT: {A=9}
// CHECK-NOT: {{.}}

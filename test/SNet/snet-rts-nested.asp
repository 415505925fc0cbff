// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test nested (examples/tests/C/nested): a net
// declared inside another, `inner = dec | inc`, in a deterministic parallel
// composition with ident, which sleeps 1.23 ms. Its input (the file
// `input`) is {C=10}, {A=4}, {B=6}: dec takes A down by one, inc takes B
// up by one, ident passes C on, and `||` keeps the input's order although
// the first record is the slow one.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net nested ({A} | {B} | {C} -> {A} | {B} | {C}) {
  net inner connect (dec | inc);
} connect (inner || ident);

Module dec is Box ({A} -> {A}) {
  void box(int x) { emit<1>(x - 1); }
}

Module inc is Box ({B} -> {B}) {
  void box(int x) { emit<1>(x + 1); }
}

Module ident is Box ({C} -> {C}) {
  void box(int x) {
    usleep(1230);
    emit<1>(x);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| nested ||| sink;
  }
}

Module Src {
  void run() {
    const struct {
      const char *L;
      int V;
    } In[] = {{"C", 10}, {"A", 4}, {"B", 6}};
    for (const auto &I : In) {
      auto *r = new aspen::snet::Record();
      r->field(I.L, I.V);
      send r;
    }
  }
}

Module Sink {
  void run() {
    int N = 0;
    while (QueueElement q = dequeue()) {
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
      ++N;
    }
    std::printf("records: %d\n", N);
  }
}
// CHECK:      {C=10}
// CHECK-NEXT: {A=3}
// CHECK-NEXT: {B=7}
// CHECK-NEXT: records: 3

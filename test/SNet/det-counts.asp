// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Inside `!!`, a filter makes two records of each input and work makes
// none, one or two of each of those (n % 3). work sleeps on the first of
// the two, less for larger n, and every n has a replica of its own, so with
// two workers later inputs would finish first; what leaves goes in input
// order, and the outputs of one input in the order they were made. An input
// all of whose records are dropped (n % 3 == 0) holds back none of the
// later ones.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net detcounts
connect ([{<n>} -> {<n>, <i = 0>}; {<n>, <i = 1>}] .. work) !! <n>;

Module work is Box ({<n>, <i>} -> {<n>, <i>, <j>}) {
  void box(long n, long i) {
    if (i == 0)
      usleep(3000 * (8 - n));
    for (long j = 0; j < n % 3; ++j)
      emit<1>(n, i, j);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| detcounts ||| sink;
  }
}

Module Src {
  void run() {
    for (int n = 0; n < 8; ++n) {
      auto *r = new aspen::snet::Record();
      r->tag("n", n);
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
// CHECK:      {<i=0> <j=0> <n=1>}
// CHECK-NEXT: {<i=1> <j=0> <n=1>}
// CHECK-NEXT: {<i=0> <j=0> <n=2>}
// CHECK-NEXT: {<i=0> <j=1> <n=2>}
// CHECK-NEXT: {<i=1> <j=0> <n=2>}
// CHECK-NEXT: {<i=1> <j=1> <n=2>}
// CHECK-NEXT: {<i=0> <j=0> <n=4>}
// CHECK-NEXT: {<i=1> <j=0> <n=4>}
// CHECK-NEXT: {<i=0> <j=0> <n=5>}
// CHECK-NEXT: {<i=0> <j=1> <n=5>}
// CHECK-NEXT: {<i=1> <j=0> <n=5>}
// CHECK-NEXT: {<i=1> <j=1> <n=5>}
// CHECK-NEXT: {<i=0> <j=0> <n=7>}
// CHECK-NEXT: {<i=1> <j=0> <n=7>}
// CHECK-NOT: {{.}}

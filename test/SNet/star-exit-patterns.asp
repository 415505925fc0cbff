// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=DUMP
// A star with several exit patterns: a record leaves when it matches any
// of them, guards included. Step follows Collatz's sequence, and the star
// lets out small values, large ones, and 16 on its way.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Step * {<small>}, {<big>}, {<n>} if <n == 16> ||| sink;
  }
}

Module Step is Box ({<n>} -> {<n>} | {<small>} | {<big>}) {
  void box(long n) {
    if (n <= 1)
      emit<2>(n);
    else if (n > 50)
      emit<3>(n);
    else
      emit<1>(n % 2 ? 3 * n + 1 : n / 2);
  }
}

Module Src {
  void run() {
    for (long n : {3L, 8L, 7L}) {
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
// 3 -> 10 -> 5 -> 16; 8 -> 4 -> 2 -> 1; 7 -> 22 -> 11 -> 34 -> 17 -> 52.
// CHECK-DAG: {<n=16>}
// CHECK-DAG: {<small=1>}
// CHECK-DAG: {<big=52>}
// DUMP: Star exit {<small>}, {<big>}, {<n>} if (n == 16)
// DUMP-NEXT: type {<n>} -> {<n>} | {<big>} | {<small>}

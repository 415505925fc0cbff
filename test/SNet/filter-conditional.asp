// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=DUMP
// A conditional filter under a star computes Fibonacci numbers with no box:
// fib(n) is the sum of the leaves <f> that fib(n-1) and fib(n-2) unfold
// to. A second filter tries its conditions in order and calls S-Net's tag
// functions.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net Fib connect [ {<n>} -> if <n <= 1> then {<f = n>}
                           else {<n = n - 1>}; {<n = n - 2>} ] * {<f>};

net Classify connect
  [ {<k>} -> if <k < 0> then {<neg = abs(k)>}
             else if <k == 0> then
             else if <k % 2 == 0> then {<lo = min(k, 4)>, <hi = max(k, 4)>}
             else {<odd = k>}; {<copy = k>} ];

Module Main is Root requires Module Src, Module Sink, Module Sum {
  void initialize() {
    Src src;
    Sink sink;
    Sum sum;
    flow:
      src.fib ||| Fib ||| sum;
      src.classify ||| Classify ||| sink;
  }
}

Declare Module Src { Output Queue is fib, classify; }
Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->tag("n", 15);
    send r on fib;
    for (long k : {-3L, 0L, 2L, 6L, 7L}) {
      auto *c = new aspen::snet::Record();
      c->tag("k", k);
      send c on classify;
    }
  }
}

Module Sum {
  void run() {
    long s = 0;
    while (QueueElement q = dequeue())
      s += getPayload<aspen::snet::Record>(q).tag("f");
    std::printf("fib=%ld\n", s);
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// The record for 0 is dropped; 7 becomes two records.
// CHECK-DAG: fib=610
// CHECK-DAG: {<neg=3>}
// CHECK-DAG: {<hi=4> <lo=2>}
// CHECK-DAG: {<hi=6> <lo=4>}
// CHECK-DAG: {<odd=7>}
// CHECK-DAG: {<copy=7>}
// CHECK-NOT: {{[{]}}

// DUMP: Filter [{<n>} -> if (n <= 1) then {<f=n>} else {<n=(n - 1)>}; {<n=(n - 2)>}]
// DUMP-NEXT: type {<n>} -> {<f>} | {<n>}

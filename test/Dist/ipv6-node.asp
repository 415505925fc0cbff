// REQUIRES: ipv6
// RUN: %aspenc %s --hostfile %S/Inputs/ipv6-hosts -o %t
// RUN: %t | FileCheck %s
// A node at an IPv6 address (before: the launcher passed it on bracketed,
// [::1], and the node process could not resolve it, so the job waited out
// the connect timeout).
#include <cstdio>
#include <aspen/runtime.h>
Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() {
    for (long i = 1; i <= 10; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}
Module B {
  void run() {
    long sum = 0;
    while (QueueElement q = dequeue())
      sum += getPayload<ArrayPayload<long>>(q)[0];
    std::printf("sum %ld\n", sum);
  }
}
// CHECK: [127.0.0.1] sum 55

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_STATS=1 %python %S/Inputs/with_cpu_hog.py 0 -- %t 2>&1 | FileCheck %s
// A worker whose core other threads want (here a process spinning on the
// same CPU, as another user's job on a shared node, and the program's own
// timer thread) does not spin while it waits for work: it sleeps after a
// short look, and ASPEN_STATS says how often. The program's result is the same.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src s;
    Dst d;
    flow:
      s ||| d;
  }
}

Module Src {
  void run() {
    // Idle gaps shorter than an idle worker's spin: it would spin through
    // each of them.
    for (long i = 1; i <= 2000; ++i) {
      aspen::sleepFor(std::chrono::microseconds(20));
      send new ArrayPayload<long>(&i, 1);
    }
  }
}

Module Dst {
  void run() {
    long sum = 0;
    while (QueueElement q = dequeue())
      sum += getPayload<ArrayPayload<long>>(q)[0];
    std::printf("sum %ld\n", sum);
  }
}
// CHECK: sum 2001000
// CHECK: aspen: stats: 2 instances, 1 edges, {{[0-9.]+}} s, 1 worker pinned to CPU 0
// CHECK: other threads wanted the workers' cores: idle workers cut their spin short {{[1-9][0-9]*}} time

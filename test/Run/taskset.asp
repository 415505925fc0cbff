// RUN: %aspenc %s -o %t
// RUN: env ASPEN_STATS=1 taskset -c 0 %t 2>&1 | FileCheck %s
// Workers keep to the CPUs the process was bound to (taskset, numactl, a
// cluster launcher): one CPU, one worker, on that CPU, not one per core of
// the machine pinned wherever.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p;
    Consumer c;
    flow:
      p ||| c;
  }
}

Module Producer {
  void run() {
    for (long i = 1; i <= 1000; ++i)
      send new ArrayPayload<long>(std::vector<long>{i});
  }
}

Module Consumer {
  void run() {
    long sum = 0;
    while (QueueElement q = dequeue())
      sum += getPayload<ArrayPayload<long>>(q)[0];
    std::printf("sum %ld\n", sum);
  }
}
// CHECK: sum 500500
// CHECK: aspen: stats: 2 instances, 1 edges, {{[0-9.]+}} s, 1 worker pinned to CPU 0

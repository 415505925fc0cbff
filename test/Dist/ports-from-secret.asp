// UNSUPPORTED: netlab
// (Not on a netlab: starts its nodes itself, on this host, as a cluster launcher would.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: sh -c '%python %S/Inputs/cluster_launch.py --no-port slurm 2 %t > %t.a 2>&1 & a=$!; %python %S/Inputs/cluster_launch.py --no-port slurm 2 %t > %t.b 2>&1; echo "b: status $?"; wait $a; echo "a: status $?"' | FileCheck %s --check-prefix=STATUS
// RUN: FileCheck %s < %t.a
// RUN: FileCheck %s < %t.b
// Nodes started by a cluster launcher (srun, mpirun), whose hostfile lines
// give no port and with no ASPEN_PORT set, listen on ports their job's
// secret picks: two jobs of the same program on the same hosts at once
// both run (with one fixed default port, the second could not listen).
// STATUS-DAG: a: status 0
// STATUS-DAG: b: status 0
// CHECK: [1] sum 5050
#include <chrono>
#include <cstdio>
#include <thread>
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
    // Both jobs listen at once.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (long i = 1; i <= 100; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}
Module B {
  void run() {
    long sum = 0;
    while (QueueElement q = dequeue())
      sum += *static_cast<long *>(getPayload(q));
    std::printf("sum %ld\n", sum);
  }
}

// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// An instance waiting for a timer (aspen::sleepFor, the Timer module) is
// not deadlocked, on several nodes as on one: the job goes on. Before, when
// a wait outlasted two rounds of the cross-node deadlock probe (about a
// second), every node reported a deadlock and exited with status 3.
#include <aspen/stdlib.h>
#include <chrono>
#include <cstdio>

Module Main is Root requires Module A, Module B, Module Timer, Module Show {
  void initialize() {
    A a;
    B b;
    Timer t(1200, 2);
    Show s;
    place a on 0;
    place b on 1;
    place t on 0;
    place s on 1;
    flow:
      a ||| b;
      t ||| s;
  }
}
Module A {
  void run() {
    aspen::sleepFor(std::chrono::milliseconds(1500));
    int one = 1;
    send new ArrayPayload<int>(&one, 1);
  }
}
Module B {
  void run() {
    QueueElement q = dequeue();
    // CHECK-DAG: [127.0.0.2] b got 1
    std::printf("b got %d\n", getPayload<ArrayPayload<int>>(q)[0]);
  }
}
Module Show {
  void run() {
    int n = 0;
    while (dequeue())
      ++n;
    // CHECK-DAG: [127.0.0.2] 2 ticks
    std::printf("%d ticks\n", n);
  }
}

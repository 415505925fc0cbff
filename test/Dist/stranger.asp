// RUN: %aspenc %s --hostfile %S/Inputs/stranger-hosts -o %t
// RUN: %python %S/Inputs/fake_node.py stranger %t 127.0.0.41 47641 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: grep -c "failed authentication" %t.err | FileCheck %s --check-prefix=ONCE
// RUN: not grep fake_node: %t.err
// Connections that are not nodes of this job (garbage, a node of the same
// program with a wrong secret, which gets as far as its proof) are logged
// and dropped; the job goes on and finishes normally. One that comes back
// (a node of another job retrying) is logged once.
// ONCE: {{^}}1{{$}}
#include <chrono>
#include <cstdio>
#include <thread>
#include <aspen/runtime.h>
#include <cstdlib>
#include <fstream>

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
  void waitForKnocks() {
    const char *done = std::getenv("FAKE_NODE_DONE");
    if (!done) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1500));
      return;
    }
    for (int i = 0; i < 3000 && !std::ifstream(done); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  void run() {
    // While the test's driver knocks: until it says it is done (by hand,
    // 1.5 s), and at most 30 s.
    waitForKnocks();
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
// CHECK: [127.0.0.42] sum 5050
// ERR-DAG: [127.0.0.41] aspen: warning: node '127.0.0.41': dropped a connection from 127.0.0.1:{{[0-9]+}}: not an aspen node (bad greeting)
// ERR-DAG: [127.0.0.41] aspen: warning: node '127.0.0.41': dropped a connection from 127.0.0.1:{{[0-9]+}}: failed authentication (not this job's secret, or a replayed greeting)

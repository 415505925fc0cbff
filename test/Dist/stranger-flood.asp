// RUN: %aspenc %s --hostfile %S/Inputs/flood-hosts -o %t
// RUN: %python %S/Inputs/fake_node.py flood %t 127.0.0.45 47645 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: grep -c "dropped a connection from" %t.err | FileCheck %s --check-prefix=TEN
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// Strangers knocking from 40 addresses while the job runs get at most ten
// warning lines a minute, and one line for the rest; the job goes on and
// finishes normally. Before, every address got a line of its own (and a
// place in memory for the rest of the job).
// TEN: {{^}}10{{$}}
// ERR: [127.0.0.45] aspen: warning: node '127.0.0.45': dropped {{[3-9][0-9]}} more connections from strangers without a warning each (at most 10 a minute)
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
// CHECK: [127.0.0.46] sum 5050

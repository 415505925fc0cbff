// RUN: %aspenc %s --hostfile %S/Inputs/replay-hosts -o %t
// RUN: %python %S/Inputs/fake_node.py replay %t 127.0.0.83 47683 127.0.0.84 47684 8899aabbccddeeff0011223344556677 > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: not grep fake_node: %t.err
// A party that saw a real greeting between node 1 and node 0 (a relay
// here records it) cannot use it: the recorded step 1 and proof replayed
// on a new connection, node 0's own MAC sent back as a proof, and a proof
// made with the right secret for another connection's nonce are all
// refused as failed authentication. A proof made with the secret for the
// connection it is sent on passes (and is then dropped only because node 1
// is already connected): the refusals are the nonces' doing. The job goes
// on and finishes normally.
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
// CHECK: sum 5050
// ERR: replay: recorded a real greeting, MACs as computed here: yes
// ERR-DAG: aspen: warning: node '127.0.0.83': dropped a connection from 127.0.3.1:{{[0-9]+}}: failed authentication
// ERR-DAG: aspen: warning: node '127.0.0.83': dropped a connection from 127.0.3.2:{{[0-9]+}}: failed authentication
// ERR-DAG: aspen: warning: node '127.0.0.83': dropped a connection from 127.0.3.3:{{[0-9]+}}: failed authentication
// ERR-DAG: aspen: warning: node '127.0.0.83': dropped a connection from 127.0.3.4:{{[0-9]+}}: node '127.0.0.84' is already connected

// REQUIRES: netns
// RUN: %aspenc %s --hostfile %S/Inputs/netns-hosts -o %t
// RUN: %S/Inputs/netns.sh %t 3 | FileCheck %s
// Three nodes in three network namespaces joined by veth pairs and a
// bridge, each with its own addresses and loopback, as three machines: an
// all-reduce and a ring of messages across them.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce r;
    place w[0] on 0;
    place w[1] on 1;
    place w[2] on 2;
    flow:
      w ||| r(sum) ||| w;
      w[0:1].ring ||| w[1:2].ring;
  }
}
Declare Module W {
  Input:
    Input Queue is ring;
  Output:
    Output Queue is ring;
}
Module W {
  void run() {
    long bad = 0;
    for (long round = 1; round <= 100; ++round) {
      long v = round * (instanceIndex() + 1);
      send new ArrayPayload<long>(&v, 1);
      QueueElement q = dequeue();
      if (*static_cast<long *>(getPayload(q)) != 6 * round)
        ++bad;
      if (instanceIndex() > 0)
        QueueElement t = dequeue(ring);
      if (instanceIndex() < 2)
        send new ArrayPayload<long>(&round, 1) on ring;
    }
    std::printf("w[%d]: 100 rounds, %ld wrong\n", instanceIndex(), bad);
  }
}
// CHECK-DAG: [ns1] w[0]: 100 rounds, 0 wrong
// CHECK-DAG: [ns2] w[1]: 100 rounds, 0 wrong
// CHECK-DAG: [ns3] w[2]: 100 rounds, 0 wrong

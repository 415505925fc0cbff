// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | sort | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | sort | FileCheck %s
// An exchange over a mesh: `t |||* t` connects every element to every
// other, so each sends one message per round to each of the others (the
// output queue deals them round-robin, one per target) and receives one
// from each sender in turn: `from: k` keeps a fast peer's next round from
// being taken for this one.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module Peer {
  void initialize() {
    Peer t[4];
    flow:
      t |||* t;
  }
}

Module Peer {
  void run() {
    int n = instanceCount(), me = instanceIndex(), bad = 0;
    for (int round = 0; round < 100; ++round) {
      for (int k = 0; k < n - 1; ++k) {
        int v = 1000 * round + me;
        send new ArrayPayload<int>(&v, 1);
      }
      long seen = 0;
      for (int k = 0; k < n - 1; ++k) {
        Received r = dequeue(default, from: k);
        int v = *static_cast<int *>(getPayload(r));
        bad += v / 1000 != round ||
               std::string(r.senderName()) != "t[" + std::to_string(v % 1000) + "]";
        seen |= 1L << (v % 1000);
      }
      bad += seen != ((1L << n) - 1) - (1L << me);
    }
    std::printf("%s: 100 rounds, %d wrong\n", instanceName(), bad);
  }
}
// CHECK:      t[0]: 100 rounds, 0 wrong
// CHECK-NEXT: t[1]: 100 rounds, 0 wrong
// CHECK-NEXT: t[2]: 100 rounds, 0 wrong
// CHECK-NEXT: t[3]: 100 rounds, 0 wrong

// CCR's pattern (e), Exchange, rendezvous style: every round each of PEERS
// instances sends one message of 8 bytes to every other one (the mesh
// `p |||* p` deals one to each) and takes one from each, sender by sender
// (MPI_Alltoall). Instance 0 times the rounds after the first.
#include <aspen/runtime.h>
#include "common.h"

Module Main is Root requires Module Peer {
  void initialize() {
    Peer p[PEERS];
    flow:
      p |||* p;
  }
}

Module Peer {
  void run() {
    long rounds = ccrRounds();
    int n = instanceCount();
    std::chrono::steady_clock::time_point t0;
    for (long r = 0; r < rounds; ++r) {
      if (r == 1)
        t0 = std::chrono::steady_clock::now();
      for (int k = 0; k < n - 1; ++k) {
        double v = double(r);
        send new ArrayPayload<double>(&v, 1);
      }
      for (int k = 0; k < n - 1; ++k)
        dequeue(default, from: k);
    }
    if (instanceIndex() == 0)
      ccrReport("exchange", n, rounds - 1, ccrSeconds(t0), long(n) * (n - 1));
  }
}

// CCR's pattern (d), a shift in MPI's loosely synchronous rendezvous
// style: every round each of PEERS instances sends one message of 8 bytes
// to its right neighbour and waits for the one from its left before the
// next round (MPI_Sendrecv). Instance 0 times the rounds after the first.
#include <aspen/runtime.h>
#include "common.h"

Module Main is Root requires Module Peer {
  void initialize() {
    Peer p[PEERS];
    flow:
      p ||| p[1:PEERS-1], p[0];
  }
}

Module Peer {
  void run() {
    long rounds = ccrRounds();
    std::chrono::steady_clock::time_point t0;
    for (long r = 0; r < rounds; ++r) {
      if (r == 1)
        t0 = std::chrono::steady_clock::now();
      double v = double(r);
      send new ArrayPayload<double>(&v, 1);
      QueueElement e = dequeue();
    }
    if (instanceIndex() == 0)
      ccrReport("rendezvous shift", instanceCount(), rounds - 1, ccrSeconds(t0),
                instanceCount());
  }
}

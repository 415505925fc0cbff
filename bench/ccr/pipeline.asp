// CCR's pattern (a), Pipeline: PEERS stages in a chain; stage 0 makes
// CCR_ROUNDS messages of 8 bytes and every later stage takes each from the
// one before and passes it on. The last stage times the stream from its
// first message to its last: messages/s counts every hop.
#include <aspen/runtime.h>
#include "common.h"

Module Main is Root requires Module Stage {
  void initialize() {
    Stage s[PEERS];
    flow:
      s[0:PEERS-2] ||| s[1:PEERS-1];
  }
}

Module Stage {
  void run() {
    long rounds = ccrRounds();
    int me = instanceIndex(), n = instanceCount();
    if (me == 0) {
      for (long r = 0; r < rounds; ++r) {
        double v = double(r);
        send new ArrayPayload<double>(&v, 1);
      }
      return;
    }
    std::chrono::steady_clock::time_point t0;
    for (long r = 0; r < rounds; ++r) {
      QueueElement e = dequeue();
      if (r == 0)
        t0 = std::chrono::steady_clock::now();
      if (me < n - 1)
        send e;
    }
    if (me == n - 1)
      ccrReport("pipeline", n, rounds - 1, ccrSeconds(t0), n - 1);
  }
}

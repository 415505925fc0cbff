// CCR's pattern (b), Shift, in its spawned style: every one of PEERS
// places streams CCR_ROUNDS messages of 8 bytes to its right neighbour,
// which takes them as they come (a source and a sink per place, as CCR's
// handlers consume a port); no one waits for a round. Each sink times its
// stream; the report takes the slowest.
#include <aspen/runtime.h>
#include <algorithm>
#include "common.h"

Module Main is Root requires Module Source, Module Sink, Module Report {
  void initialize() {
    Source src[PEERS];
    Sink dst[PEERS];
    Report rep;
    flow:
      src ||| dst[1:PEERS-1], dst[0];
      dst ||| rep;
  }
}

Module Source {
  void run() {
    long rounds = ccrRounds();
    for (long r = 0; r < rounds; ++r) {
      double v = double(r);
      send new ArrayPayload<double>(&v, 1);
    }
  }
}

Module Sink {
  void run() {
    long rounds = ccrRounds();
    std::chrono::steady_clock::time_point t0;
    for (long r = 0; r < rounds; ++r) {
      QueueElement e = dequeue();
      if (r == 0)
        t0 = std::chrono::steady_clock::now();
    }
    double s = ccrSeconds(t0);
    send new ArrayPayload<double>(&s, 1);
  }
}

Module Report {
  void run() {
    double slowest = 0;
    int n = 0;
    while (QueueElement e = dequeue()) {
      slowest = std::max(slowest, *static_cast<double *>(getPayload(e)));
      ++n;
    }
    ccrReport("shift", n, ccrRounds() - 1, slowest, n);
  }
}

// CCR's pattern (c), Two Shifts, in its spawned style: every one of PEERS
// places streams CCR_ROUNDS messages of 8 bytes to each of its two
// neighbours; each place's sink takes whichever arrives first, from the
// left or from the right (a choice), until both streams end. Each sink
// times its streams; the report takes the slowest.
#include <aspen/runtime.h>
#include <algorithm>
#include "common.h"

Module Main is Root requires Module Source, Module Sink, Module Report {
  void initialize() {
    Source src[PEERS];
    Sink dst[PEERS];
    Report rep;
    flow:
      src.right ||| dst[1:PEERS-1].fromLeft, dst[0].fromLeft;
      src.left ||| dst[PEERS-1].fromRight, dst[0:PEERS-2].fromRight;
      dst ||| rep;
  }
}

Declare Module Source {
  Output:
    Output Queue is left, right;
}

Module Source {
  void run() {
    long rounds = ccrRounds();
    for (long r = 0; r < rounds; ++r) {
      double v = double(r);
      send new ArrayPayload<double>(&v, 1) on right;
      send new ArrayPayload<double>(&v, 1) on left;
    }
  }
}

Declare Module Sink {
  Input:
    Input Queue is fromLeft, fromRight;
}

Module Sink {
  void run() {
    std::chrono::steady_clock::time_point t0;
    long got = 0;
    while (Received r = dequeue(fromLeft | fromRight))
      if (got++ == 0)
        t0 = std::chrono::steady_clock::now();
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
    ccrReport("two shifts", n, ccrRounds() - 1, slowest, 2 * n);
  }
}

// An all-reduce over every node, a round every 10 ms for ROUNDS rounds
// (3,000 by default: 30 s): each node prints 'ready' after the first, and
// its count of wrong sums at the end. For the fault tests of this suite.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce r;
    flow:
      w ||| r(sum) ||| w;
  }
}
Module W {
  void run() {
    const char *R = std::getenv("ROUNDS");
    long rounds = R ? std::atol(R) : 3000, bad = 0;
    for (long round = 1; round <= rounds; ++round) {
      long v = round * (instanceIndex() + 1);
      send new ArrayPayload<long>(&v, 1);
      QueueElement q = dequeue();
      if (*static_cast<long *>(getPayload(q)) != 6 * round)
        ++bad;
      if (round == 1) {
        std::printf("ready\n");
        std::fflush(stdout);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::printf("w[%d]: %ld rounds, %ld wrong\n", instanceIndex(), rounds, bad);
  }
}

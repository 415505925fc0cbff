// pingpong.asp - examples/pingpong with its two instances pinned to two
// nodes: the round trip of an 8-byte message over the TCP transport.
#include <aspen/runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

Module Main is Root requires Module Ping, Module Pong {
  void initialize() {
    Ping ping;
    Pong pong;
    place ping on 0;
    place pong on 1;
    flow:
      ping ||| pong ||| ping;
  }
}

Module Ping {
  void run() {
    const char *env = std::getenv("PINGPONG_ROUNDS");
    long rounds = env ? std::atol(env) : 100000;
    const long warmup = rounds / 10;
    std::vector<double> ns;
    ns.reserve(rounds);
    QueueElement q = QueueElement(new ArrayPayload<long>(1));
    for (long i = -warmup; i < rounds; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      send q;
      q = dequeue();
      auto t1 = std::chrono::steady_clock::now();
      if (i >= 0)
        ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
    }
    std::sort(ns.begin(), ns.end());
    std::printf("pingpong: %ld round trips, median %.0f ns, p99 %.0f ns\n",
                rounds, ns[ns.size() / 2], ns[ns.size() * 99 / 100]);
  }
}

Module Pong {
  void run() {
    while (QueueElement q = dequeue()) // ends when ping returns
      send q;
  }
}

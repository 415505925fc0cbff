// All-reduce latency: ALLREDUCE_INSTANCES instances (2 or 4) each contribute
// ALLREDUCE_DOUBLES doubles per round and wait for the sum; instance 0 prints
// the median round time.
#include <aspen/runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

Module Main is Root requires Module Peer, Module Reduce {
  void initialize() {
    Peer p[PEERS];
    Reduce r;
    flow:
      p ||| r(sum);
  }
}

Module Peer {
  void run() {
    const char *env = std::getenv("ALLREDUCE_DOUBLES");
    size_t n = env ? std::strtoul(env, nullptr, 10) : 1;
    const char *r = std::getenv("ALLREDUCE_ROUNDS");
    int rounds = r ? std::atoi(r) : 1000, warmup = rounds / 10;
    std::vector<double> mine(n, instanceIndex() + 1.0), ns;
    for (int i = -warmup; i < rounds; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      send new ArrayPayload<double>(mine.data(), n);
      QueueElement q = dequeue();
      double *sum = getPayload(q);
      auto t1 = std::chrono::steady_clock::now();
      double expect = instanceCount() * (instanceCount() + 1) / 2.0;
      if (sum[0] != expect || sum[n - 1] != expect)
        std::printf("allreduce: WRONG sum %f\n", sum[0]);
      if (i >= 0)
        ns.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    if (instanceIndex() == 0) {
      std::sort(ns.begin(), ns.end());
      std::printf("allreduce: %d instances, %zu doubles, median %.2f us\n",
                  instanceCount(), n, ns[ns.size() / 2]);
    }
  }
}

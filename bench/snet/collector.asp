#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// One collector behind a split with STREAMS replicas: the same number of
// records either way, spread over 10 or over 10,000 incoming streams. The
// rate should not depend on how many streams there are.
net Fan connect Pass ! <k>;

Module Pass is Box ({<k>, <i>} -> {<k>, <i>}) {
  void box(long k, long i) { emit<1>(k, i); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Fan ||| sink;
  }
}

Module Src {
  void run() {
    long n = std::atol(std::getenv("RECORDS") ? std::getenv("RECORDS") : "1000000");
    long s = std::atol(std::getenv("STREAMS") ? std::getenv("STREAMS") : "10");
    for (long i = 0; i < n; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("k", i % s).tag("i", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    auto t0 = std::chrono::steady_clock::now();
    long n = 0, sum = 0;
    while (QueueElement q = dequeue()) {
      sum += getPayload<aspen::snet::Record>(q).tag("i");
      ++n;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("records %ld sum %ld rate %.3f M/s\n", n, sum, n / s / 1e6);
  }
}

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// A star of synchro-cells joining two streams, the S-Net idiom for a
// barrier: RECORDS records {<a>} first, every one held in a replica of its
// own, then as many {<b>}, each of which fires the oldest replica holding an
// {<a>}. The star holds RECORDS records at its peak, so the time per record
// must not grow with RECORDS.
net Join connect [| {<a>}, {<b>} |] * {<a>, <b>};

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Join ||| sink;
  }
}

Module Src {
  void run() {
    long n = std::atol(std::getenv("RECORDS") ? std::getenv("RECORDS") : "1000000");
    for (long i = 0; i < n; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("a", i);
      send r;
    }
    for (long i = 0; i < n; ++i) {
      auto *r = new aspen::snet::Record();
      r->tag("b", i);
      send r;
    }
  }
}

Module Sink {
  void run() {
    auto t0 = std::chrono::steady_clock::now();
    long n = 0, bad = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      bad += r.tag("a") != r.tag("b"); // the i-th {<a>} meets the i-th {<b>}
      ++n;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("joined %ld mismatched %ld ns/record %.1f\n", n, bad,
                n ? s * 1e9 / (2.0 * n) : 0.0);
  }
}

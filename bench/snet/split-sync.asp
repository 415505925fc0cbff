#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// Synchro-cells under a split, both ways S-Net programs write them, chosen
// by SHAPE; RECORDS records of the first pattern, then as many of the
// second, the i-th of each carrying the same split tag:
//  - key: [| {<a>, <k>}, {<b>, <k>} |] ! <k>, with <k> = i, so the split
//    makes RECORDS replicas, each holding a record at the peak;
//  - level: ([| {<c>}, {<d>} |] * {<c>, <d>}) ! <l>, with <l> = i % KEYS:
//    the shape of the S-Net runtime's fibonacci3, a star of synchro-cells
//    per recursion level, each holding RECORDS / KEYS records at the peak.
// The time per record must not grow with RECORDS or KEYS.
net Split connect ([| {<a>, <k>}, {<b>, <k>} |] ! <k>)
                | (([| {<c>}, {<d>} |] * {<c>, <d>}) ! <l>);

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Split ||| sink;
  }
}

Module Src {
  void run() {
    long n = std::atol(std::getenv("RECORDS") ? std::getenv("RECORDS") : "100000");
    long keys = std::atol(std::getenv("KEYS") ? std::getenv("KEYS") : "16");
    const char *shape = std::getenv("SHAPE");
    bool level = shape && std::string(shape) == "level";
    for (int part = 0; part < 2; ++part)
      for (long i = 0; i < n; ++i) {
        auto *r = new aspen::snet::Record();
        if (level)
          r->tag(part ? "d" : "c", i).tag("l", i % keys);
        else
          r->tag(part ? "b" : "a", i).tag("k", i);
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
      bad += r.hasTag("a") ? r.tag("a") != r.tag("b") : r.tag("c") != r.tag("d");
      ++n;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("joined %ld mismatched %ld ns/record %.1f\n", n, bad,
                n ? s * 1e9 / (2.0 * n) : 0.0);
  }
}

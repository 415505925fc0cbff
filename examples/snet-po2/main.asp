#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// PowerOfTwo: 2^n by recursive expansion, Po2 n = Po2 (n-1) + Po2 (n-1),
// Po2 0 = 1. Every call is its own split replica (<id> is unique), so the
// star's collector at depth d merges 2^d incoming streams.
net Po2 connect [ {<n>} -> {<n>, <id = 0>} ] .. (Double ! <id>) * {<v>};

Module Double is Box ({<n>, <id>} -> {<n>, <id>} | {<v>}) {
  void box(long n, long id) {
    if (n == 0) {
      emit<2>(1);
    } else {
      emit<1>(n - 1, 2 * id);
      emit<1>(n - 1, 2 * id + 1);
    }
  }
}

Module Main is Root requires Module Src, Module Sum {
  void initialize() {
    Src src;
    Sum sum;
    flow:
      src ||| Po2 ||| sum;
  }
}

Module Src {
  void run() {
    const char *e = std::getenv("PO2_N");
    auto *r = new aspen::snet::Record();
    r->tag("n", e ? std::atol(e) : 10);
    send r;
  }
}

Module Sum {
  void run() {
    long total = 0, records = 0;
    while (QueueElement q = dequeue()) {
      total += getPayload<aspen::snet::Record>(q).tag("v");
      ++records;
    }
    std::printf("po2=%ld records=%ld\n", total, records);
  }
}

// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// An initialiser's records continue from where it is: Seed, in a parallel
// branch of a feedback loop's operand, emits <n>=0 once per use of Loop;
// the loop sends it back while <n> < 3, and `|` routes it (and every
// record) to Step, never to Seed, which accepts nothing. Loop is used
// twice in series, so Seed fires twice: the first Loop's 3 goes through
// the second Loop once more (4), the second's own makes 3, and the input
// 10 goes through both Steps (12). Then the filter after them.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Loop connect (Seed | Step) \ {<n>} if (n < 3);
net Outer connect Loop .. Loop .. [{<n>} -> {<n>, <m = n * 2>}];

Module Seed is Box ( -> {<n>}) {
  void box() { emit<1>(0); }
}

Module Step is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n + 1); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Outer ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->tag("n", 10);
    send r;
  }
}

Module Sink {
  void run() {
    std::vector<std::pair<long, long>> Got;
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      Got.emplace_back(R.tag("n"), R.tag("m"));
    }
    std::sort(Got.begin(), Got.end());
    for (auto [N, M] : Got)
      std::printf("n=%ld m=%ld\n", N, M);
    std::printf("records: %zu\n", Got.size());
  }
}
// CHECK:      n=3 m=6
// CHECK-NEXT: n=4 m=8
// CHECK-NEXT: n=12 m=24
// CHECK-NEXT: records: 3

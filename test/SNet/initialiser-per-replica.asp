// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Inside a star or a split, an initialiser fires once in every replica, when
// the first record makes that replica, as S-Net's do; its records continue
// from its place in that replica.
//
// Split: the inputs have <k> = 1, 2, 2, 3, so three replicas are made and
// Mark fires three times, its {<mark>} leaving the split; each input
// passes Inc once.
//
// Star: inputs <n> = 0, 1 and -2 unfold replicas while <n> < 3. The first
// makes replicas 1 to 3, the second finds them made, the third goes on to
// make 4 and 5: Depth fires five times, and each {<depth>} it makes leaves
// by the exit pattern {<depth>} at once.
#include <algorithm>
#include <cstdio>
#include <vector>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net PerValue connect (Mark | Inc) ! <k>;
net PerDepth connect (Depth | Inc) * {<depth>}, {<n>} if <n >= 3>;

Module Mark is Box ( -> {<mark>}) {
  void box() { emit<1>(1); }
}

Module Depth is Box ( -> {<depth>}) {
  void box() { emit<1>(1); }
}

Module Inc is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n + 1); }
}

Module Main is Root requires Module Src, Module Sink, Module Src2, Module Sink2 {
  void initialize() {
    Src src;
    Sink sink;
    Src2 src2;
    Sink2 sink2;
    flow:
      src ||| PerValue ||| sink;
      src2 ||| PerDepth ||| sink2;
  }
}

Module Src {
  void run() {
    for (long k : {1, 2, 2, 3}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", 10).tag("k", k);
      send r;
    }
  }
}

Module Src2 {
  void run() {
    for (long n : {0, 1, -2}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", n);
      send r;
    }
  }
}

Module Sink {
  void run() {
    long Marks = 0;
    std::vector<long> Ks;
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      if (R.hasTag("mark"))
        ++Marks;
      else if (R.tag("n") == 11)
        Ks.push_back(R.tag("k"));
    }
    std::sort(Ks.begin(), Ks.end());
    std::printf("split: marks %ld, passed", Marks);
    for (long K : Ks)
      std::printf(" %ld", K);
    std::printf("\n");
  }
}

Module Sink2 {
  void run() {
    long Depths = 0, Done = 0;
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      if (R.hasTag("depth"))
        ++Depths;
      else if (R.tag("n") == 3)
        ++Done;
    }
    std::printf("star: depths %ld, done %ld\n", Depths, Done);
  }
}
// CHECK-DAG: split: marks 3, passed 1 2 2 3
// CHECK-DAG: star: depths 5, done 3

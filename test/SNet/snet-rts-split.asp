// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// The S-Net runtime's test split (examples/tests/C/split), with its input:
// `delay ! <T>`, a replica of the box per value of <T>; delay sleeps
// 100 us per unit of A and emits A * 100 with the same <T>. Replicas of
// `!` merge in the order records leave them, which S-Net leaves open, so
// every record is checked, not their order.
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net split connect delay ! <T>;

Module delay is Box ({A, <T>} -> {A, <T>}) {
  void box(int x, long t) {
    usleep(useconds_t(x) * 100);
    emit<1>(x * 100, t);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| split ||| sink;
  }
}

Module Src {
  void run() {
    const std::pair<int, long> In[] = {{100, 10}, {200, 20}, {300, 30},
                                       {400, 40}, {0, 0},    {500, 50}};
    for (auto [A, T] : In) {
      auto *R = new aspen::snet::Record();
      R->field("A", A);
      R->tag("T", T);
      send R;
    }
  }
}

Module Sink {
  void run() {
    int N = 0;
    while (QueueElement Q = dequeue()) {
      auto &R = getPayload<aspen::snet::Record>(Q);
      std::printf("A=%d T=%ld\n", R.get<int>("A"), R.tag("T"));
      ++N;
    }
    std::printf("records=%d\n", N);
  }
}
// CHECK-DAG: A=10000 T=10
// CHECK-DAG: A=20000 T=20
// CHECK-DAG: A=30000 T=30
// CHECK-DAG: A=40000 T=40
// CHECK-DAG: A=0 T=0
// CHECK-DAG: A=50000 T=50
// CHECK:     records=6

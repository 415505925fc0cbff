// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test initialiser (examples/tests/C/initialiser):
// the whole network is an initialiser box, which takes no input and is
// fired once when the network starts, emitting {A=1}. The network's input
// stream is empty and ends at once: the network still sends init's record
// before it ends.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net initialiser connect init;

Module init is Box ( -> {A}) {
  void box() { emit<1>(1); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| initialiser ||| sink;
  }
}

Module Src {
  void run() {}
}

Module Sink {
  void run() {
    int N = 0;
    while (QueueElement q = dequeue()) {
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
      ++N;
    }
    std::printf("records: %d\n", N);
  }
}
// CHECK:      {A=1}
// CHECK-NEXT: records: 1

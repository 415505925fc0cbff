// RUN: %aspenc -w %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 INITBOX_NO_INPUT=1 %t | FileCheck %s --check-prefix=ALONE
// After the S-Net runtime's test initbox (examples/tests/C/initbox):
// `(init | [])`, where init emits the five records <X>=0..4 once when the
// network starts, and the input (its file `input`) is <X>=0..4 too, which
// take `[]`. Each branch keeps its order, so the output is the two
// streams 0..4 interleaved in some way: each value twice, and a value's
// second copy never before the first copy of the value before it. With
// no input (its `input.xml`), init's five records alone, in order.
#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net initbox connect (init | []);

Module init is Box ( -> {<X>}) {
  void box() {
    for (int i = 0; i < 5; ++i)
      emit<1>(i);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| initbox ||| sink;
  }
}

Module Src {
  void run() {
    if (std::getenv("INITBOX_NO_INPUT"))
      return;
    for (long x = 0; x < 5; ++x) {
      auto *r = new aspen::snet::Record();
      r->tag("X", x);
      send r;
    }
  }
}

Module Sink {
  void run() {
    int Seen[5] = {};
    int N = 0;
    bool Merge = true;
    while (QueueElement q = dequeue()) {
      const auto &R = getPayload<aspen::snet::Record>(q);
      std::printf("%s\n", show(R).c_str());
      ++N;
      long X = R.tag("X");
      if (X < 0 || X > 4 || ++Seen[X] > 2 || (X > 0 && Seen[X] > Seen[X - 1]))
        Merge = false;
    }
    std::printf("records: %d\n", N);
    std::printf("two streams 0..4 merged: %s\n", Merge ? "yes" : "no");
  }
}
// CHECK:      records: 10
// CHECK-NEXT: two streams 0..4 merged: yes

// ALONE:      {<X=0>}
// ALONE-NEXT: {<X=1>}
// ALONE-NEXT: {<X=2>}
// ALONE-NEXT: {<X=3>}
// ALONE-NEXT: {<X=4>}
// ALONE-NEXT: records: 5

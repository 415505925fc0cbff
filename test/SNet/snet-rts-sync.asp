// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// The S-Net runtime's test sync (examples/tests/C/sync), with its input:
// three synchro-cells in series, fed A, C, E, B, F, D. Each cell holds its
// first pattern's record and passes what matches none of its patterns, so
// the second cell holds C and the third E until B fires the first cell
// ({A, B} passes the others), F fires the third and D the second.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net sync connect [|{A},{B}|] .. [|{C},{D}|] .. [|{E},{F}|];

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| sync ||| sink;
  }
}

Module Src {
  void run() {
    const std::pair<const char *, int> In[] = {
        {"A", 1}, {"C", 2}, {"E", 1}, {"B", 2}, {"F", 2}, {"D", 1}};
    for (auto [Label, Value] : In) {
      auto *R = new aspen::snet::Record();
      R->field(Label, Value);
      send R;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement Q = dequeue()) {
      auto &R = getPayload<aspen::snet::Record>(Q);
      std::printf("{");
      for (const char *L : {"A", "B", "C", "D", "E", "F"})
        if (R.hasField(L))
          std::printf(" %s=%d", L, R.get<int>(L));
      std::printf(" }\n");
    }
  }
}
// CHECK:      { A=1 B=2 }
// CHECK-NEXT: { E=1 F=2 }
// CHECK-NEXT: { C=2 D=1 }
// CHECK-NOT:  {

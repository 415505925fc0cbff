// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// Feedback sends records matching its pattern back to the operand's
// entry. The filter renames and copies a field, computes a tag, and drops
// the pattern's labels its template does not name; w, which the pattern
// does not mention, flows through (flow inheritance); `[]` passes records
// unchanged.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Halve \ {<again>}
              .. [ {v, <steps>} -> {result = v, copy = v, <twice = steps * 2>} ]
              .. []
              ||| sink;
  }
}

// Halves v and counts steps; asks to go round again while v is even. It
// consumes <again>, so the tag does not flow through to its outputs.
Module Halve is Box ({v, <steps>, <again>} -> {v, <steps>} | {v, <steps>, <again>}) {
  void box(int v, long steps, long) {
    if (v % 2 == 0)
      emit<2>(v / 2, steps + 1, 1);
    else
      emit<1>(v, steps);
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("v", 48).field("w", 7).tag("steps", 0).tag("again", 1);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("result=%d copy=%d twice=%ld v:%s w:%s steps:%s\n",
                  r.get<int>("result"), r.get<int>("copy"), r.tag("twice"),
                  r.hasField("v") ? "yes" : "no", r.hasField("w") ? "yes" : "no",
                  r.hasTag("steps") ? "yes" : "no");
    }
  }
}
// 48 -> 24 -> 12 -> 6 -> 3: four halvings.
// CHECK:      result=3 copy=3 twice=8 v:no w:yes steps:no
// CHECK-NOT: result

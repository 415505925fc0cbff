// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// A synchro-cell holds a record for every free pattern it matches, so a
// record matching both patterns fires the cell by itself; the merge is the
// record held for the first pattern, whole, plus the labels of the other
// patterns from theirs (only the first pattern's record flow-inherits),
// whichever arrived first. Later records pass unchanged.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [| {a, <k>}, {b, <k>} |] ! <k> ||| sink;
  }
}

Module Src {
  void run() {
    auto rec = [](int k) {
      auto *r = new aspen::snet::Record();
      r->tag("k", k);
      return r;
    };
    // k = 0: {a} with an extra field x, then {b} with y; only x survives.
    send &rec(0)->field("a", 1).field("x", 10);
    send &rec(0)->field("b", 2).field("y", 20);
    // k = 1: the {b} record arrives first; the merge is the same.
    send &rec(1)->field("b", 4).field("y", 40).tag("t", 1);
    send &rec(1)->field("a", 3).field("x", 30);
    // k = 2: one record with a and b fires the cell alone; the next {b}
    // passes through.
    send &rec(2)->field("a", 5).field("b", 6);
    send &rec(2)->field("b", 7);
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {a=1 b=2 x=10 <k=0>}
// CHECK-NEXT: {a=3 b=4 x=30 <k=1>}
// CHECK-NEXT: {a=5 b=6 <k=2>}
// CHECK-NEXT: {b=7 <k=2>}

// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// Split sends each record to the replica for its tag value, and the
// synchro-cell inside each replica merges only the first {a} with the first
// {b}; later records of a merged pattern pass through unchanged.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

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
    // Per key k: an {a}, a {b}, and a second {a} that must pass through.
    for (int k = 0; k < 3; ++k)
      for (int part = 0; part < 3; ++part) {
        auto *r = new aspen::snet::Record();
        r->tag("k", k).tag("n", k);
        if (part == 1)
          r->field("b", 100 * k + part);
        else
          r->field("a", 100 * k + part);
        send r;
      }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("k=%ld n=%ld a=%s b=%s\n", r.tag("k"), r.tag("n"),
                  r.hasField("a") ? std::to_string(r.get<int>("a")).c_str() : "-",
                  r.hasField("b") ? std::to_string(r.get<int>("b")).c_str() : "-");
    }
  }
}
// CHECK:      k=0 n=0 a=0 b=1
// CHECK-NEXT: k=0 n=0 a=2 b=-
// CHECK-NEXT: k=1 n=1 a=100 b=101
// CHECK-NEXT: k=1 n=1 a=102 b=-
// CHECK-NEXT: k=2 n=2 a=200 b=201
// CHECK-NEXT: k=2 n=2 a=202 b=-

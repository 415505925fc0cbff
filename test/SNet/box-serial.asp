// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// A box in a flow statement: records go in and come out as payloads of type
// aspen::snet::Record; a field the box does not consume flows through.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Twice .. Twice ||| sink;
  }
}

Module Twice is Box ({a} -> {a}) {
  void box(const int &a) { emit<1>(2 * a); }
}

Module Src {
  void run() {
    for (int i = 1; i <= 3; ++i) {
      auto *r = new aspen::snet::Record();
      r->field("a", i).field("note", std::string("n") + std::to_string(i));
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("a=%d note=%s\n", r.get<int>("a"),
                  r.get<std::string>("note").c_str());
    }
  }
}
// CHECK:      a=4 note=n1
// CHECK-NEXT: a=8 note=n2
// CHECK-NEXT: a=12 note=n3

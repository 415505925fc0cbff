// RUN: %aspenc -w %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
// A record without the split's tag (the network's input is not checked at
// compile time) is an error naming the split and where it is.
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: PayloadTypeError: the split ! <k> at {{.*}}fail_split_missing_tag.asp:[[@LINE+1]]:15 got a record of type {a}, without its tag
      src ||| Pass ! <k> ||| sink;
  }
}

Module Pass is Box ({a} -> {a}) {
  void box(int a) { emit<1>(a); }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("a", 1); // no <k>
    send r;
  }
}

Module Sink {
  void run() {
    while (dequeue()) {
    }
  }
}

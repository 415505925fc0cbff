// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// Under ThreadSanitizer a field's value is always copied where it can be
// (takeOrCopy: the sanitizer does not model the fence that makes the move
// safe), so the counts of moves below are not its.
// UNSUPPORTED: tsan
// A box consumes its input record: a parameter taken by value gets the
// field's value moved out when the record holds the field alone, and a
// copy when a filter has made the field another label's too. A move-only
// value (unique_ptr) can be taken by value.
#include <cstdio>
#include <memory>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "Inputs/copies.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Take .. [ {c, <n>} -> {c, d = c, <n>} ] .. TakeShared ||| sink;
  }
}

Module Take is Box ({c, u, <n>} -> {c, <n>}) {
  void box(CopyCounted c, std::unique_ptr<int> u, long n) {
    std::printf("take %ld: c=%d u=%d copies=%d\n", n, c.V, *u, CopyCounted::Copies.load());
    emit<1>(std::move(c), n);
  }
}

// c is also d now: the value is shared, so c comes as a copy and d stays.
Module TakeShared is Box ({c, <n>} -> {c, <n>}) {
  void box(CopyCounted c, long n) {
    std::printf("shared %ld: c=%d copies=%d\n", n, c.V, CopyCounted::Copies.load());
    emit<1>(std::move(c), n);
  }
}

Module Src {
  void run() {
    // One record, so that the count of copies is this record's alone.
    auto *r = new aspen::snet::Record();
    r->field("c", CopyCounted(10)).field("u", std::make_unique<int>(1)).tag("n", 1);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("out %ld: c=%d d=%d\n", r.tag("n"), r.get<CopyCounted>("c").V,
                  r.get<CopyCounted>("d").V);
    }
  }
}
// CHECK:      take 1: c=10 u=1 copies=0
// CHECK-NEXT: shared 1: c=10 copies=1
// CHECK-NEXT: out 1: c=10 d=10

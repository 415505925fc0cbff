// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Classes nested in a module, in its data_section and in its body, are
// ordinary C++ member types: they need no run() of their own.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Acc, Module Print {
  void initialize() {
    Acc a[2];
    Print p;
    flow:
      a ||| p;
  }
}

Declare Module Acc {
  data_section {
    struct Range { long lo, hi; } range = {1, 0};
  }
}

Module Acc {
  struct Sum {
    long total = 0;
    void add(long v) { total += v; }
  };

  void run() {
    range.lo = 1 + instanceIndex();
    range.hi = 100;
    Sum s;
    for (long v = range.lo; v <= range.hi; ++v)
      s.add(v);
    send QueueElement(new ArrayPayload<long>(std::vector<long>{instanceIndex(), s.total}));
  }
}

Module Print {
  void run() {
    long r[2];
    for (int i = 0; i < 2; ++i) {
      QueueElement e = dequeue();
      long *v = getPayload(e);
      r[v[0]] = v[1];
    }
    std::printf("a[0]=%ld a[1]=%ld\n", r[0], r[1]);
  }
}
// CHECK: a[0]=5050 a[1]=5049

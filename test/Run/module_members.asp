// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A module with a data_section and several member functions, including a
// template, an overload set and a lambda that sends. Every
// instance has its own copy of the data_section.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Stats, Module Print {
  void initialize() {
    Stats s[3];
    Print p;
    flow:
      s ||| p;
  }
}

Declare Module Stats {
  data_section {
    long count = 0;
    long total = 0;
    long squares = 0;
    long lo = 1, hi = 0;
  }
}

Module Stats {
  void run() {
    setup(instanceIndex() + 1);
    for (long v = lo; v <= hi; ++v)
      add(v);
    add(0.5);                       // overload for double: ignored if < 1
    auto emit = [this](long a, long b) {
      send QueueElement(new ArrayPayload<long>(std::vector<long>{instanceIndex(), a, b}));
    };
    emit(total, twice<long>(squares));
  }

  void setup(int k) {
    lo = k;
    hi = 10 * k;
  }

  void add(long v) {
    ++count;
    total += v;
    squares += v * v;
  }

  void add(double d) {
    if (d >= 1)
      add(long(d));
  }

  template <typename T> T twice(T x) const { return x + x; }
}

Module Print {
  void run() {
    long r[3][2];
    for (int i = 0; i < 3; ++i) {
      QueueElement e = dequeue();
      long *v = getPayload(e);
      r[v[0]][0] = v[1];
      r[v[0]][1] = v[2];
    }
    for (int k = 0; k < 3; ++k)
      std::printf("s[%d]: total=%ld twice-squares=%ld\n", k, r[k][0], r[k][1]);
  }
}
// CHECK:      s[0]: total=55 twice-squares=770
// CHECK-NEXT: s[1]: total=209 twice-squares=5738
// CHECK-NEXT: s[2]: total=462 twice-squares=18900

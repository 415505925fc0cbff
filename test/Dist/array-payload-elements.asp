// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// ArrayPayload<T> crosses nodes for any T whose bytes are its value, not
// only the numbers the runtime registers itself: aspenc registers the
// others (before: it compiled, and the job stopped at run time with "no
// wire format"). The 1 Mi-point array takes the transport's zero-copy
// path, which reads straight into a new array of T.
#include <cstdio>
#include "Inputs/elements.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() {
    auto *l = new ArrayPayload<long double>(3);
    (*l)[0] = 1.5L;
    (*l)[1] = -2.25L;
    (*l)[2] = 1e300L * 1e300L; // beyond double's range
    send l;
    auto *c = new ArrayPayload<char16_t>(2);
    (*c)[0] = u'\u00e9';
    (*c)[1] = u'\u4e2d';
    send c;
    auto *e = new ArrayPayload<Colour>(1);
    (*e)[0] = Colour::Blue;
    send e;
    const size_t n = size_t(1) << 20;
    auto *p = new ArrayPayload<Point>(n, aspen::uninitialized);
    for (size_t i = 0; i < n; ++i)
      (*p)[i] = Point{double(i), -double(i)};
    send p;
  }
}
Module B {
  void run() {
    QueueElement q = dequeue();
    auto &l = getPayload<ArrayPayload<long double>>(q);
    // CHECK: [127.0.0.2] long double x3: 1.5 -2.25 1e+600
    std::printf("long double x%zu: %Lg %Lg %Lg\n", l.size(), l[0], l[1], l[2]);
    q = dequeue();
    auto &c = getPayload<ArrayPayload<char16_t>>(q);
    // CHECK: [127.0.0.2] char16_t x2: e9 4e2d
    std::printf("char16_t x%zu: %x %x\n", c.size(), unsigned(c[0]),
                unsigned(c[1]));
    q = dequeue();
    // CHECK: [127.0.0.2] colour 2
    std::printf("colour %d\n", int(getPayload<ArrayPayload<Colour>>(q)[0]));
    q = dequeue();
    auto &p = getPayload<ArrayPayload<Point>>(q);
    double sx = 0, sy = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      sx += p[i].X;
      sy += p[i].Y;
    }
    // CHECK: [127.0.0.2] points x1048576: 549755289600 -549755289600
    std::printf("points x%zu: %.0f %.0f\n", p.size(), sx, sy);
  }
}

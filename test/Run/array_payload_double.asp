// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// ArrayPayload<double>: untyped getPayload converts to double * (or const
// double *), getPayload<ArrayPayload<double>> gives the payload, and the
// elements and their count survive the trip through two queues.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Fill, Module Scale, Module Sum {
  void initialize() {
    Fill f;
    Scale s;
    Sum t;
    flow:
      f ||| s ||| t;
  }
}

Module Fill {
  void run() {
    double buf[8];
    for (int i = 0; i < 8; ++i)
      buf[i] = 0.5 * i;
    QueueElement q = QueueElement(new ArrayPayload<double>(buf, 8));
    send q;
    if (q)
      std::printf("element still owned after send\n");
  }
}

Module Scale {
  void run() {
    QueueElement q = dequeue();
    double *d = getPayload(q);
    size_t n = q.get()->elementCount();
    for (size_t i = 0; i < n; ++i)
      d[i] *= 4.0;
    send q;
  }
}

Module Sum {
  void run() {
    QueueElement q = dequeue();
    double *d = getPayload(q);
    const double *cd = getPayload(q);
    auto &a = getPayload<ArrayPayload<double>>(q);
    const auto &ca = getPayload<const ArrayPayload<double>>(q);
    double s = 0;
    for (size_t i = 0; i < a.size(); ++i)
      s += d[i];
    std::printf("n=%zu first=%.2f last=%.2f sum=%.2f same=%d\n", a.size(), d[0],
                a[7], s, a.data() == d && cd == d && ca.data() == d);
  }
}
// 4 * 0.5 * (0+1+...+7) = 56
// CHECK-NOT: still owned
// CHECK: n=8 first=0.00 last=14.00 sum=56.00 same=1

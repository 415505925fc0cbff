// RUN: %aspenc -O0 %s -o %t.O0
// RUN: %aspenc -O3 %s -o %t.O3
// RUN: env ASPEN_WORKERS=1 %t.O0 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t.O0 | FileCheck %s
// RUN: env ASPEN_WORKERS=1 %t.O3 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t.O3 | FileCheck %s
// -O0 and -O3 build programs that compute the same thing:
// floating point, integer overflow in unsigned arithmetic and a loop the
// optimiser can vectorise.
#include <cmath>
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Work, Module Total {
  void initialize() {
    Work w[4];
    Total t;
    flow:
      w ||| t;
  }
}

Module Work {
  void run() {
    unsigned h = 2166136261u;
    unsigned long long s = 0;
    for (unsigned i = 0; i < 20000; ++i) {
      h = (h ^ (i + instanceIndex())) * 16777619u;
      s += i * i;
    }
    double x = 0;
    for (int i = 1; i <= 1000; ++i)
      x += 1.0 / (double(i) * i);
    send QueueElement(new ArrayPayload<double>(std::vector<double>{
        double(instanceIndex()), double(h), double(s), x}));
  }
}

Module Total {
  void run() {
    double r[4][3];
    for (int i = 0; i < 4; ++i) {
      QueueElement e = dequeue();
      double *v = getPayload(e);
      for (int j = 0; j < 3; ++j)
        r[int(v[0])][j] = v[j + 1];
    }
    for (int k = 0; k < 4; ++k)
      std::printf("w[%d]: hash=%08x squares=%.0f basel=%.9f\n", k, unsigned(r[k][0]), r[k][1], r[k][2]);
  }
}
// CHECK:      w[0]: hash=c275e765 squares=2666466670000 basel=1.643934567
// CHECK-NEXT: w[1]: hash=7c1cc965 squares=2666466670000 basel=1.643934567
// CHECK-NEXT: w[2]: hash=9380f985 squares=2666466670000 basel=1.643934567
// CHECK-NEXT: w[3]: hash=53bc5165 squares=2666466670000 basel=1.643934567

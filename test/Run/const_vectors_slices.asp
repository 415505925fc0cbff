// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Vector sizes, indices and slices from constants. Slices include both
// bounds; two slices of equal length zip; a single element feeds one
// instance.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>

Module Main is Root requires Module P, Module Gather, Module Echo, Module Report {
  void initialize() {
    const int N = 2 * 3;
    const int Half = N / 2;
    P p[N];
    Gather lo, hi, last;
    Echo e[Half];
    Report r;
    flow:
      p[0:Half-1] ||| lo;
      p[Half:N-1] ||| e[0:Half-1];
      e[Half-3:Half-1] ||| hi;
      p[N-1].extra ||| last;
      lo, hi, last ||| r;
  }
}

Declare Module P {
  Output Queue is extra;
}

Module P {
  void run() {
    send QueueElement(new ArrayPayload<int>(std::vector<int>{instanceIndex(), instanceCount()}));
    if (instanceIndex() == instanceCount() - 1)
      send QueueElement(new ArrayPayload<int>(std::vector<int>{100, instanceCount()})) on extra;
  }
}

Module Echo {
  void run() {
    QueueElement q = dequeue();
    int *v = getPayload(q);
    // e[i] is fed by p[Half + i]
    v[1] = v[0] - instanceIndex();
    send q;
  }
}

Module Gather {
  void run() {
    int n = std::string(instanceName()) == "last" ? 1 : 3;
    int sum = 0, other = 0;
    for (int i = 0; i < n; ++i) {
      QueueElement q = dequeue();
      int *v = getPayload(q);
      sum += v[0];
      other += v[1];
    }
    int tag = std::string(instanceName()) == "lo" ? 0 : std::string(instanceName()) == "hi" ? 1 : 2;
    send QueueElement(new ArrayPayload<int>(std::vector<int>{tag, n, sum, other}));
  }
}

Module Report {
  void run() {
    int r[3][3];
    for (int i = 0; i < 3; ++i) {
      QueueElement q = dequeue();
      int *v = getPayload(q);
      for (int j = 0; j < 3; ++j)
        r[v[0]][j] = v[j + 1];
    }
    const char *names[3] = {"lo", "hi", "last"};
    for (int k = 0; k < 3; ++k)
      std::printf("%s: %d messages, sum %d, other %d\n", names[k], r[k][0], r[k][1], r[k][2]);
  }
}
// lo: p[0..2], indices 0+1+2, each counts 6
// CHECK:      lo: 3 messages, sum 3, other 18
// hi: from e[0..2] = p[3..5], indices 3+4+5, offsets 3 each
// CHECK-NEXT: hi: 3 messages, sum 12, other 9
// CHECK-NEXT: last: 1 messages, sum 100, other 6

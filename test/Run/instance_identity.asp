// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// instanceIndex(), instanceCount() and instanceName() for vector elements,
// a vector of one, single instances and instances inside a sub-root
// vector.
#include <cstdio>
#include <string>
#include "Inputs/trace.h"

Module Main is Root requires Module Who, Module Group, Module Log {
  void initialize() {
    const int N = 3;
    Who solo;
    Who many[N];
    Who one[1];
    Group g[2];
    Log log;
    flow:
      solo, many, one, g ||| log;
  }
}

Module Group is Root requires Module Who {
  void initialize() {
    Who w[2];
    flow:
      w ||| Output;
  }
}

Module Who {
  void run() {
    Trace *t = new Trace(instanceIndex() * 100 + instanceCount());
    t->path = instanceName();
    send QueueElement(t);
  }
}

Module Log {
  void run() {
    std::string lines[9];
    for (int i = 0; i < 9; ++i) {
      QueueElement e = dequeue();
      Trace &t = getPayload<Trace>(e);
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s index=%d count=%d", t.path.c_str(),
                    t.value / 100, t.value % 100);
      lines[i] = buf;
    }
    // sort for a deterministic order
    for (int i = 0; i < 9; ++i)
      for (int j = i + 1; j < 9; ++j)
        if (lines[j] < lines[i])
          std::swap(lines[i], lines[j]);
    for (auto &l : lines)
      std::printf("%s\n", l.c_str());
    std::printf("log: index=%d count=%d name=%s\n", instanceIndex(), instanceCount(), instanceName());
  }
}
// CHECK:      g[0].w[0] index=0 count=2
// CHECK-NEXT: g[0].w[1] index=1 count=2
// CHECK-NEXT: g[1].w[0] index=0 count=2
// CHECK-NEXT: g[1].w[1] index=1 count=2
// CHECK-NEXT: many[0] index=0 count=3
// CHECK-NEXT: many[1] index=1 count=3
// CHECK-NEXT: many[2] index=2 count=3
// CHECK-NEXT: one[0] index=0 count=1
// CHECK-NEXT: solo index=0 count=1
// CHECK-NEXT: log: index=0 count=1 name=log

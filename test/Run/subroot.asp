// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A hierarchical root: Stage is itself a root module (Input ||| w ||| Output)
// and is spliced into Main twice, as st[0] and st[1]. Each w adds its
// stage's offset and appends its full instance name to the trace.
#include <cstdio>
#include <string>
#include "Inputs/trace.h"

Module Main is Root requires Module Source, Module Stage, Module Sink {
  void initialize() {
    Source s;
    Stage st[2];
    Sink k;
    flow:
      s ||| st[0] ||| st[1] ||| k;
  }
}

Module Stage is Root requires Module Adder {
  void initialize() {
    Adder w;
    flow:
      Input ||| w ||| Output;
  }
}

Module Source {
  void run() {
    for (int i = 1; i <= 3; ++i)
      send QueueElement(new Trace(i));
  }
}

Module Adder {
  void run() {
    for (int i = 0; i < 3; ++i) {
      QueueElement e = dequeue();
      Trace &t = getPayload<Trace>(e);
      // st[0].w adds 10, st[1].w adds 100
      t.value += std::string(instanceName()) == "st[0].w" ? 10 : 100;
      t.path += std::string(" -> ") + instanceName();
      send e;
    }
  }
}

Module Sink {
  void run() {
    for (int i = 0; i < 3; ++i) {
      QueueElement e = dequeue();
      Trace &t = getPayload<Trace>(e);
      std::printf("%d via%s\n", t.value, t.path.c_str());
    }
  }
}
// CHECK:      111 via -> st[0].w -> st[1].w
// CHECK-NEXT: 112 via -> st[0].w -> st[1].w
// CHECK-NEXT: 113 via -> st[0].w -> st[1].w

// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A queue that no flow statement feeds has no producer, so its stream has
// ended before it starts: aspenc warns, and dequeue returns an empty element
// at once instead of waiting forever.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src s;
// WARN: eos-unfed-queue.asp:[[@LINE+1]]:10: warning: input queue 'control' of 'k' is not fed by any flow
    Sink k;
    flow:
      s ||| k.data;
  }
}

Declare Module Sink {
  Input Queue is data, control;
}

Module Src {
  void run() { send QueueElement(new ArrayPayload<int>(1)); }
}

Module Sink {
  void run() {
    QueueElement d = dequeue(data);
    std::printf("data arrived\n");
    QueueElement c = dequeue(control);
    std::printf("control is %s\n", c ? "a message" : "the end of its stream");
  }
}
// CHECK:      data arrived
// CHECK-NEXT: control is the end of its stream

// RUN: %aspenc %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// A dequeue on a named input queue that no flow statement feeds can never
// return: aspenc warns, and the program reports a deadlock naming the queue.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src s;
// WARN: fail_deadlock_unfed_queue.asp:[[@LINE+1]]:10: warning: input queue 'control' of 'k' is not fed by any flow
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
  }
}
// CHECK:      data arrived
// CHECK-NEXT: aspen: error: deadlock: no module instance can make progress
// CHECK-NEXT:   'k' waits in dequeue on input queue 'control', which no flow feeds
// CHECK-NEXT: exit status 3

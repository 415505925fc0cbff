// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// A pending deadline is not a deadlock: 'a' and 'b' wait for each other
// for ever, but 't' waits with a deadline, so the run goes on until it
// passes. Then 't' waits on a choice without one, and the report names
// all three, 't' with both of its queues.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Echo, Module Timed {
  void initialize() {
    Echo a, b;
    Timed t;
    flow:
      a ||| b ||| a;
      a ||| t;
      b ||| t.side;
  }
}

Module Echo {
  void run() {
    QueueElement e = dequeue();
    send e;
  }
}

Declare Module Timed {
  Input:
    Input Queue is side;
}

Module Timed {
  void run() {
    Received r = dequeue(default, within: std::chrono::milliseconds(300));
    std::printf("t: timed out %d\n", r.timedOut());
    dequeue(default | side);
  }
}
// CHECK:      t: timed out 1
// CHECK-NEXT: aspen: error: deadlock: no module instance can make progress
// CHECK-NEXT:   'a' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   'b' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   't' waits in dequeue on any of its default input queue and input queue 'side', which are all empty
// CHECK-NEXT: exit status 3

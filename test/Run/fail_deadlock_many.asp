// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// RUN: env ASPEN_WORKERS=2 sh -c '%t; echo "exit status $?"' 2>&1 | FileCheck %s
// A ring of 25 instances in which everyone waits first: the report lists
// 20 of them and counts the rest.
#include <aspen/runtime.h>

Module Main is Root requires Module Node {
  void initialize() {
    Node n[25];
    flow:
      n[0:23] ||| n[1:24];
      n[24] ||| n[0];
  }
}

Module Node {
  void run() { send dequeue(); }
}
// CHECK:      aspen: error: deadlock: no module instance can make progress
// CHECK-NEXT:   'n[0]' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   'n[1]' waits in dequeue on its default input queue, which is empty
// CHECK-COUNT-17: waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   'n[19]' waits in dequeue on its default input queue, which is empty
// CHECK-NEXT:   ... and 5 more
// CHECK-NEXT: exit status 3

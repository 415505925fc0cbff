// RUN: %aspenc %s -o %t
// RUN: not %t 2>&1 | FileCheck %s
// A sender number the queue does not have is an error at run time, naming
// the instance and the call site.
#include <aspen/runtime.h>

Module Main is Root requires Module Worker, Module Collect {
  void initialize() {
    Worker w[2];
    Collect c;
    flow:
      w ||| c;
  }
}

Module Worker { void run() { send new ArrayPayload<int>(1); } }

Module Collect {
  void run() {
    int k = 2;
    dequeue(default, from: k);
  }
}
// CHECK: aspen: error: instance 'c' (module Collect) threw std::invalid_argument: {{.*}}fail_receive_from_range.asp:21:5: 'c' has no sender 2 on its default input queue: 2 flows feed it

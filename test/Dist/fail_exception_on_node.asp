// RUN: %aspenc -w %s --hostfile %S/Inputs/nodes4 -o %t
// RUN: %python %S/Inputs/status.py 4 %t 2>&1 | FileCheck %s
// An instance throws on one node while the others wait for it: that node
// reports the exception and exits with 4, every other node stops, naming
// it, and the job's status is 4.
#include <cstdio>
#include <stdexcept>
#include <aspen/runtime.h>

Module Main is Root requires Module W {
  void initialize() {
    W w[4];
    flow:
      w[0:2] ||| w[1:3];
  }
}

Module W {
  void run() {
    if (instanceIndex() == 3)
      throw std::runtime_error("no such file: input.dat");
    if (instanceIndex() > 0)
      QueueElement q = dequeue();
    for (;;)
      send new ArrayPayload<int>(1);
  }
}
// CHECK-DAG: [127.0.0.4] aspen: error: instance 'w[3]' (module W) threw std::runtime_error: no such file: input.dat
// CHECK-DAG: [127.0.0.1] aspen: error: node '127.0.0.1': stopping: node '127.0.0.4' failed (exit status 4)
// CHECK-DAG: [127.0.0.2] aspen: error: node '127.0.0.2': stopping: node '127.0.0.4' failed (exit status 4)

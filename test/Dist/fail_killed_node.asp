// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %python %S/Inputs/status.py 137 %t 2>&1 | FileCheck %s
// RUN: not pgrep -f %t
// A node process is killed with SIGKILL in the middle of an all-reduce: the
// others notice the broken connections and stop with a message naming it,
// the launcher reports the signal, the job's status is the killed node's,
// and no process is left behind.
#include <csignal>
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W w[3];
    Reduce r;
    flow:
      w ||| r(sum) ||| w;
  }
}

Module W {
  void run() {
    for (long round = 0;; ++round) {
      if (round == 50 && instanceIndex() == 2)
        std::raise(SIGKILL);
      send new ArrayPayload<long>(&round, 1);
      QueueElement q = dequeue();
    }
  }
}
// CHECK-DAG: aspen: error: node '127.0.0.3' was killed by signal 9
// CHECK-DAG: [127.0.0.{{[12]}}] aspen: error: node '127.0.0.{{[12]}}': lost the connection to node '127.0.0.3' {{.*}}did the node die?

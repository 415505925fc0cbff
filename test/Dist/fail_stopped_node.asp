// UNSUPPORTED: netlab
// (A node stopped on another host cannot be killed through ssh: the netlab
// suite test/Cluster/fail_stopped_host.test stops one in its namespace.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %python %S/Inputs/within.py %detect_bound "stopping now" "has sent nothing" %python %S/Inputs/status.py 5 %t 2>&1 | FileCheck %s
// RUN: env ASPEN_PEER_TIMEOUT=2 %python %S/Inputs/status.py 5 %t 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not pgrep -f %t
// A node stops (SIGSTOP) in the middle of an all-reduce: its connections
// stay open and its kernel still acknowledges, so only silence gives it
// away. The others give up on it after ASPEN_PEER_TIMEOUT seconds (4 by
// default, so within 5 s of the stop; before, 10 s and 14.5 s), naming it;
// the launcher kills it 5 s later, and nothing is left running.
#include <cstdio>
#include <csignal>
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
      if (round == 50 && instanceIndex() == 2) {
        std::printf("stopping now\n");
        std::fflush(stdout);
        std::raise(SIGSTOP);
      }
      send new ArrayPayload<long>(&round, 1);
      QueueElement q = dequeue();
    }
  }
}
// CHECK-DAG: [127.0.0.{{[12]}}] aspen: error: node '127.0.0.{{[12]}}': node '127.0.0.3' has sent nothing for 4 s: it is stopped, hung or unreachable
// TWO: node '127.0.0.3' has sent nothing for 2 s: it is stopped, hung or unreachable
// CHECK-DAG: aspen: error: node '127.0.0.3' did not stop within 5 s of the failure; killing it

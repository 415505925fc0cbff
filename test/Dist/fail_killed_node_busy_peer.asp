// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %python %S/Inputs/status.py 137 %t 2>&1 | FileCheck %s --implicit-check-not="did not stop"
// RUN: not pgrep -f %t
// A node is killed while the instance on another node never blocks (it
// sends now and then, and computes between sends): that node's process
// ends 3 s after it learns of the failure, by itself, before the launcher
// would kill it (before: it ran on until its loop ended, and without our
// launcher, under srun or mpirun, nothing stopped it).
#include <chrono>
#include <csignal>
#include <thread>
#include <aspen/runtime.h>

Module Main is Root requires Module A, Module B, Module C {
  void initialize() {
    A a;
    B b;
    C c;
    place a on 0;
    place b on 1;
    place c on 2;
    flow:
      a ||| b ||| c;
  }
}

Module A {
  void run() {
    for (long i = 1; i <= 600; ++i) {
      send new ArrayPayload<long>(&i, 1);
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  }
}

Module B {
  void run() {
    long n = 0;
    while (QueueElement q = dequeue()) {
      if (++n == 10)
        std::raise(SIGKILL);
      send new ArrayPayload<long>(&getPayload<ArrayPayload<long>>(q)[0], 1);
    }
  }
}

Module C {
  void run() {
    while (dequeue()) {
    }
  }
}
// CHECK-DAG: aspen: error: node '127.0.0.2' was killed by signal 9 (Killed)
// CHECK-DAG: [127.0.0.1] aspen: error: node '127.0.0.1': instances still running 3 s after the job failed; ending the process

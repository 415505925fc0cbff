// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %t 2>&1 | FileCheck %s --implicit-check-not=error:
// A whole node process stalls for 2 s (stopped by a process of its own and
// continued, as a descheduled or swapped-out process would be) in the
// middle of an all-reduce: with the default ASPEN_PEER_TIMEOUT (4 s) the
// others wait for it, and the job ends as it would without the stall.
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

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
    long total = 0;
    for (long round = 0; round < 200; ++round) {
      if (round == 50 && instanceIndex() == 2) {
        std::fflush(stdout);
        pid_t Self = getpid();
        if (fork() == 0) { // only async-signal-safe calls from here
          kill(Self, SIGSTOP);
          sleep(2);
          kill(Self, SIGCONT);
          _exit(0);
        }
      }
      send new ArrayPayload<long>(&round, 1);
      QueueElement q = dequeue();
      total += getPayload<ArrayPayload<long>>(q)[0];
    }
    wait(nullptr);
    std::printf("w[%d] total %ld\n", instanceIndex(), total);
  }
}
// 3 x (0 + 1 + ... + 199) = 59700
// CHECK-DAG: w[0] total 59700
// CHECK-DAG: w[1] total 59700
// CHECK-DAG: w[2] total 59700

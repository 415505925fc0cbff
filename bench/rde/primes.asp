// RDE's prime counting (PR) in aspen, its grain a parameter: the dealer
// cuts 1..RDE_N into tasks of RDE_GRAIN numbers and sends one task per
// message to a vector of workers; each sends back its task's count; the
// collector sums. RDE_GRAIN=1 is one number per message, RDE_N / cores one
// task per core.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include "kernels.h"

Module Main is Root requires Module Dealer, Module Worker, Module Collect {
  void initialize() {
    Dealer d;
    Worker w[4];
    Collect c;
    flow:
      d ||| w ||| c;
  }
}

Module Dealer {
  void run() {
    long n = rde::env("RDE_N", 3000000), grain = rde::env("RDE_GRAIN", 1000);
    long tasks = (n + grain - 1) / grain;
    for (long t = 0; t < tasks; ++t) {
      long task[2] = {t, tasks};
      send new ArrayPayload<long>(task, 2); // 16 bytes: inline, one allocation
    }
  }
}

Module Worker {
  void run() {
    long n = rde::env("RDE_N", 3000000);
    long block = rde::blockFor(rde::env("RDE_GRAIN", 1000));
    while (QueueElement e = dequeue()) {
      long *task = getPayload(e);
      long count = rde::countTask(task[0], task[1], n, block);
      send new ArrayPayload<long>(&count, 1);
    }
  }
}

Module Collect {
  void run() {
    auto t0 = std::chrono::steady_clock::now();
    long primes = 0, messages = 0;
    while (QueueElement e = dequeue()) {
      primes += *static_cast<long *>(getPayload(e));
      ++messages;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                   .count();
    std::printf("primes: %ld primes, %ld tasks, %.4f s\n", primes, messages, s);
  }
}

// RDE's matrix multiply (MM) in aspen, its grain a parameter: the dealer
// makes A and B (RDE_N x RDE_N, read-only, shared by pointer in every
// task) and sends tasks of RDE_GRAIN consecutive elements of C to a vector
// of workers; each computes its elements and sends them back; the
// collector puts them in C and checks the sum. RDE_GRAIN=1 is one dot
// product per message, RDE_N a row, RDE_N^2 / cores one task per core.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include "tasks.h"

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
    long n = rde::env("RDE_N", 512), grain = rde::env("RDE_GRAIN", 512);
    auto m = std::make_shared<const rde::Matrices>(n);
    for (long first = 0; first < n * n; first += grain)
      send new Task(m, first, std::min(grain, n * n - first));
  }
}

Module Worker {
  void run() {
    while (QueueElement e = dequeue()) {
      Task &t = getPayload<Task>(e);
      std::vector<double> v(t.Count);
      for (long k = 0; k < t.Count; ++k)
        v[k] = t.M->element(t.First + k);
      send new Part(t.First, std::move(v));
    }
  }
}

Module Collect {
  void run() {
    long n = rde::env("RDE_N", 512);
    auto t0 = std::chrono::steady_clock::now();
    std::vector<double> c(n * n);
    long messages = 0;
    while (QueueElement e = dequeue()) {
      Part &p = getPayload<Part>(e);
      std::copy(p.V.begin(), p.V.end(), c.begin() + p.First);
      ++messages;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                   .count();
    double sum = 0;
    for (double x : c)
      sum += x;
    std::printf("matmul: sum %.1f, %ld tasks, %.4f s\n", sum, messages, s);
  }
}

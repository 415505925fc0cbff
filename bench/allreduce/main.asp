// All-reduce latency: PEERS instances each contribute ALLREDUCE_DOUBLES
// doubles per round and wait for the product; instance 0 prints the median
// and the mean round time. Between nodes the two differ: rounds whose
// exchanges cross on the wire alternate with rounds whose partner's value
// is already there (MPI's too: 6 us and 236 us over a 100 us link), so the
// median lands on either mode and only the mean says what a round costs.
// A round ends once the instance has read its whole result (every element
// is checked), as a program that uses its all-reduce does, and as MPI's
// MPI_Allreduce, which leaves the result in the caller's buffer, has done
// by the time it returns: reading two elements left the result of a reduce
// that combines on one core in that core's cache, uncounted.
#include <aspen/runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

Module Main is Root requires Module Peer, Module Reduce {
  void initialize() {
    Peer p[PEERS];
    Reduce r;
    flow:
      p ||| r(multiply);
  }
}

Module Peer {
  void run() {
    const char *env = std::getenv("ALLREDUCE_DOUBLES");
    size_t n = env ? std::strtoul(env, nullptr, 10) : 1;
    const char *r = std::getenv("ALLREDUCE_ROUNDS");
    int rounds = r ? std::atoi(r) : 1000, warmup = rounds / 10;
    // Like MPI_Allreduce's send buffer, the contribution is data the
    // instance already holds: the previous round's result, sent back as it
    // is (a payload moves, it is not copied). Ones multiplied stay ones.
    std::vector<double> ns;
    QueueElement held(new ArrayPayload<double>(std::vector<double>(n, 1.0)));
    for (int i = -warmup; i < rounds; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      send held;
      held = dequeue();
      double *product = getPayload(held);
      size_t wrong = 0;
      for (size_t k = 0; k < n; ++k)
        wrong += product[k] != 1.0;
      auto t1 = std::chrono::steady_clock::now();
      if (wrong)
        std::printf("allreduce: WRONG product %f\n", product[0]);
      if (i >= 0)
        ns.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    if (instanceIndex() == 0) {
      std::sort(ns.begin(), ns.end());
      double sum = 0;
      for (double x : ns)
        sum += x;
      std::printf("allreduce: %d instances, %zu doubles, median %.2f us, "
                  "mean %.2f us\n",
                  instanceCount(), n, ns[ns.size() / 2], sum / ns.size());
    }
  }
}

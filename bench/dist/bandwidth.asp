// bandwidth.asp - one-way bandwidth between two nodes over the TCP
// transport: for each message size, the sender streams enough messages to
// move 256 MiB (at least 64, so 16 MiB messages reach a steady state), the
// receiver answers once it has them all, and the sender reports MiB/s from
// its first send to the answer. Each size runs twice and only the second
// pass is timed, as in the MPI peer: the first faults in the memory a
// window of that size needs.
#include <aspen/runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module Sender, Module Receiver {
  void initialize() {
    Sender s;
    Receiver r;
    place s on 0;
    place r on 1;
    flow:
      s ||| r ||| s;
  }
}

Module Sender {
  static long countFor(long size) {
    const char *env = std::getenv("BANDWIDTH_BYTES");
    long total = env ? std::atol(env) : 256L << 20;
    return total / size < 64 ? 64 : total / size;
  }
  void run() {
    for (long size = 1024; size <= (16L << 20); size *= 4) {
      long n = countFor(size);
      for (int pass = 0; pass < 2; ++pass) {
        auto t0 = std::chrono::steady_clock::now();
        for (long i = 0; i < n; ++i)
          send new ArrayPayload<char>(size, aspen::uninitialized);
        QueueElement ack = dequeue();
        double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (pass == 1)
          std::printf("bandwidth: %ld bytes x %ld: %.1f MiB/s\n", size, n,
                      double(size) * n / s / (1 << 20));
      }
    }
  }
}

Module Receiver {
  void run() {
    for (long size = 1024; size <= (16L << 20); size *= 4) {
      const char *env = std::getenv("BANDWIDTH_BYTES");
      long total = env ? std::atol(env) : 256L << 20;
      long n = total / size < 64 ? 64 : total / size;
      for (int pass = 0; pass < 2; ++pass) {
        long bad = 0;
        for (long i = 0; i < n; ++i) {
          QueueElement q = dequeue();
          if (q.get()->elementCount() != size_t(size))
            ++bad;
        }
        send new ArrayPayload<long>(&bad, 1);
      }
    }
  }
}

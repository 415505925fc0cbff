// Soak: SOAK_MESSAGES messages through a fan-out to four workers and a
// fan-in to a sink, while the workers also run an all-reduce every 1,000
// messages each, and send every eighth message through an S-Net network
// instead (a split over 64 tag values inside a star of three replicas).
// Every message is accounted for by checksums, and the process checks its
// own peak memory: back-pressure must keep it bounded however many
// messages pass.
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>

net Churn connect
  [ {<v>} -> {<v>, <n = 3>, <r = v % 64>} ]
  .. (Step ! <r>) * {<n>} if (n <= 0)
  .. [ {<v>, <n>, <r>} -> {<v>} ];

Module Step is Box ({<v>, <n>} -> {<v>, <n>}) {
  void box(long v, long n) { emit<1>(v, n - 1); }
}

Module Main is Root requires Module Source, Module Worker, Module Sink, Module Reduce {
  void initialize() {
    Source src;
    Worker w[4];
    Sink sink;
    Reduce tally;
    flow:
      src ||| w ||| sink;
      w.counts ||| tally(sum) ||| w.totals;
      w.side ||| Churn ||| sink;
  }
}

Declare Module Worker {
  Input:
    Input Queue is totals;
  Output:
    Output Queue is counts, side;
}

Module Source {
  void run() {
    const char *env = std::getenv("SOAK_MESSAGES");
    long n = env ? std::atol(env) : 1000000;
    for (long i = 0; i < n; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}

Module Worker {
  void run() {
    long handled = 0, rounds = 0;
    while (QueueElement q = dequeue()) {
      long *v = getPayload(q);
      v[0] = 3 * v[0] + 1;
      if (v[0] % 8 == 1) { // every eighth: through the network
        auto *r = new aspen::snet::Record();
        r->tag("v", v[0]);
        send r on side;
      } else {
        send q;
      }
      if (++handled % 1000 == 0) {
        long mine = 1000;
        send new ArrayPayload<long>(&mine, 1) on counts;
        QueueElement t = dequeue(totals);
        long *total = getPayload(t);
        if (total[0] != 4000)
          std::printf("soak: WRONG round total %ld\n", total[0]);
        ++rounds;
      }
    }
    if (instanceIndex() == 0)
      std::printf("soak: %ld reduce rounds per worker\n", rounds);
  }
}

Module Sink {
  static long peakKiB() {
    FILE *f = std::fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && std::fgets(line, sizeof line, f))
      if (std::strncmp(line, "VmHWM:", 6) == 0)
        kib = std::atol(line + 6);
    if (f)
      std::fclose(f);
    return kib;
  }

  void run() {
    long count = 0, sum = 0, records = 0;
    while (QueueElement q = dequeue()) {
      if (auto *r = dynamic_cast<aspen::snet::Record *>(q.get())) {
        sum += r->tag("v");
        ++records;
      } else {
        sum += static_cast<long *>(getPayload(q))[0];
      }
      ++count;
    }
    // sum over i < n of (3i + 1) = 3 n (n - 1) / 2 + n
    long expect = 3 * (count * (count - 1) / 2) + count;
    const char *env = std::getenv("SOAK_MESSAGES");
    long n = env ? std::atol(env) : 1000000;
    std::printf("soak: %ld through the S-Net network\n", records);
    std::printf("soak: %ld messages, checksum %s, peak RSS %ld MiB\n", count,
                count == n && sum == expect ? "ok" : "WRONG", peakKiB() / 1024);
  }
}

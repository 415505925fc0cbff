// A farm: a dealer hands out ranges of numbers round-robin to a vector of
// workers, each counts the primes in its ranges, and a collector adds the
// counts. The number of primes below 2,000,000 is 148,933.
//
//   aspenc main.asp -o primes && ./primes
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Dealer, Module Worker, Module Collector {
  void initialize() {
    const int Workers = 8;
    Dealer dealer;
    Worker w[Workers];
    Collector collector;
    flow:
      dealer ||| w ||| collector;
  }
}

// Ranges [lo, hi) as two-element payloads. When the dealer returns, the
// workers' streams end.
Module Dealer {
  void run() {
    const long Limit = 2000000, Chunk = 20000;
    for (long lo = 0; lo < Limit; lo += Chunk) {
      long range[2] = {lo, lo + Chunk < Limit ? lo + Chunk : Limit};
      send new ArrayPayload<long>(range, 2);
    }
  }
}

Module Worker {
  static bool isPrime(long n) {
    if (n < 2)
      return false;
    for (long d = 2; d * d <= n; ++d)
      if (n % d == 0)
        return false;
    return true;
  }

  void run() {
    long found = 0, ranges = 0;
    while (QueueElement q = dequeue()) { // false once the dealer has ended
      long *range = getPayload(q);
      for (long n = range[0]; n < range[1]; ++n)
        found += isPrime(n);
      ++ranges;
    }
    long result[3] = {found, ranges, instanceIndex()};
    send new ArrayPayload<long>(result, 3);
  }
}

Module Collector {
  void run() {
    long total = 0, ranges = 0;
    while (QueueElement q = dequeue()) { // one result per worker, then the end
      long *r = getPayload(q);
      total += r[0];
      ranges += r[1];
    }
    std::printf("primes below 2000000: %ld (from %ld ranges)\n", total, ranges);
  }
}

// Timer(periodMs, count = 0): sends an aspen::Tick every `periodMs`
// milliseconds, numbered from 0, `count` times (0: for ever), then ends its
// stream. Ticks follow a fixed schedule from the start, so a late tick does
// not delay the next ones. Waiting parks only the Timer, never a worker.
#include <aspen/stdlib.h>
#include <chrono>
#include <stdexcept>

Declare Module Timer {
  parameters {
    long periodMs;
    long count = 0;
  }
}

Module Timer {
  void run() {
    if (periodMs <= 0 || count < 0)
      throw std::invalid_argument(
          "Timer: periodMs must be positive and count not negative");
    // The clock counts nanoseconds in 64 bits (about 292 years): a longer
    // period would wrap round and tick at once.
    if (periodMs > 1000000000000L)
      throw std::invalid_argument(
          "Timer: periodMs must be at most 10^12 (about 31 years)");
    const std::chrono::milliseconds period(periodMs);
    auto due = std::chrono::steady_clock::now();
    for (long k = 0; count == 0 || k < count; ++k) {
      due += period;
      aspen::sleepFor(due - std::chrono::steady_clock::now());
      send new aspen::Tick(k);
    }
  }
}

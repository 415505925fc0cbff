// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 ASPEN_QUEUE_CAPACITY=256 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=1 ASPEN_QUEUE_CAPACITY=256 %t | FileCheck %s
// (The STATS lines, how often the barriers moved, depend on timing:
// wake-modes-stats.test checks them outside the sanitizer builds, where a
// slowed producer lets the consumer park between most messages.)
// A queue's wake-up barrier moves between its producer and its consumer
// with how the consumer parks (docs/runtime.md, "Waking a consumer"): long
// bursts (more than 4,096 messages between parks) make the producer's side
// free, single messages after a pause take it back. The producer switches
// between the two again and again, pausing so that the consumer parks in
// between, and sends the last message of each burst as the consumer may
// be switching: a wake-up lost to a switch leaves a message in the queue
// and the consumer parked, which the deadlock report would name.
// Then the other pair, a producer waiting for room: behind a consumer
// that takes its time over each message, the producer finds the queue
// full again after every pop, and the barrier of that wait moves to the
// consumer's side; a fast stream follows. The capacity is set, so that
// every element is bounded by it (the producer waits for room at 256).
// CHECK: received 201600 messages, checksum ok
// It did move, more than once each way:
// STATS: instance c, its default input queue: the wake-up barriers moved {{[4-9]|[1-9][0-9]+}} times for its waits, {{[1-9][0-9]*}} for its producers'
#include <chrono>
#include <cstdio>
#include <thread>
#include <aspen/runtime.h>

Module Main is Root requires Module P, Module C {
  void initialize() {
    P p;
    C c;
    flow:
      p ||| c;
  }
}

Module P {
  void run() {
    long n = 0;
    for (int round = 0; round < 40; ++round) {
      const long burst = round % 2 ? 1 : 10000 + round;
      for (long i = 0; i < burst; ++i, ++n)
        send new ArrayPayload<long>(&n, 1);
      std::this_thread::sleep_for(std::chrono::microseconds(300));
      // Singles with pauses: parks after few messages, so back again.
      for (int k = 0; k < 30; ++k, ++n) {
        send new ArrayPayload<long>(&n, 1);
        std::this_thread::sleep_for(std::chrono::microseconds(50));
      }
    }
  }
}

Module C {
  void run() {
    long count = 0, sum = 0;
    while (QueueElement q = dequeue()) {
      sum += static_cast<long *>(getPayload(q))[0];
      // Slow for a while: the producer waits for room after every pop.
      if (++count > 21000 && count <= 23000)
        std::this_thread::sleep_for(std::chrono::microseconds(5));
    }
    std::printf("received %ld messages, checksum %s\n", count,
                sum == count * (count - 1) / 2 ? "ok" : "WRONG");
  }
}

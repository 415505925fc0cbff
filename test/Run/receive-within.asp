// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// A receive with a deadline: `dequeue(q, within: d)` gives up after d and
// says so (timedOut()), takes what arrives before it, and reports the end
// once the stream has ended. `within: 0` only looks. The slow sender sends
// three elements 150 ms apart; the receiver waits 20 ms at a time, so it
// times out several times between them and loses nothing. A choice takes a
// deadline too.
#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/stdlib.h>

Module Main is Root requires Module Slow, Module Waiter, Module Never {
  void initialize() {
    Slow s;
    Never n;
    Waiter w;
    flow:
      s ||| w;
      n ||| w.quiet;
  }
}

Module Slow {
  void run() {
    for (int i = 1; i <= 3; ++i) {
      aspen::sleepFor(std::chrono::milliseconds(150));
      send new ArrayPayload<int>(&i, 1);
    }
  }
}

// Sends nothing for a while, then ends: a choice over w's two queues ends
// only after both have.
Module Never {
  void run() { aspen::sleepFor(std::chrono::milliseconds(700)); }
}

Declare Module Waiter {
  Input:
    Input Queue is quiet;
}

Module Waiter {
  void run() {
    using namespace std::chrono_literals;
    Received polled = dequeue(default, within: 0s);
    std::printf("poll: timed out %d\n", polled.timedOut());
    int got = 0, sum = 0, timeouts = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (;;) {
      Received r = dequeue(default, within: 20ms);
      if (r.timedOut()) {
        ++timeouts;
        continue;
      }
      if (r.ended())
        break;
      ++got;
      sum += *static_cast<int *>(getPayload(r));
    }
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - t0).count();
    std::printf("got %d, sum %d, timed out more than 9 times: %d\n", got, sum,
                timeouts > 9);
    std::printf("took at least 440 ms: %d\n", ms >= 440);
    int choiceTimeouts = 0;
    Received c;
    while (!(c = dequeue(default | quiet, within: std::chrono::milliseconds(50)))
                .ended())
      ++choiceTimeouts;
    std::printf("choice: %s timeouts before the end\n",
                choiceTimeouts >= 2 ? "some" : "too few");
  }
}
// CHECK: poll: timed out 1
// CHECK-NEXT: got 3, sum 6, timed out more than 9 times: 1
// CHECK-NEXT: took at least 440 ms: 1
// CHECK-NEXT: choice: some timeouts before the end

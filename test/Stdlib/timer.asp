// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Timer ticks on schedule while every worker is idle: waiting for time is
// not a deadlock. Five ticks of 20 ms take at least 100 ms.
// CHECK:      tick 0
// CHECK-NEXT: tick 1
// CHECK-NEXT: tick 2
// CHECK-NEXT: tick 3
// CHECK-NEXT: tick 4
// CHECK-NEXT: on time: yes
#include <chrono>
#include <cstdio>

Module Main is Root requires Module Timer, Module Show {
  void initialize() {
    Timer t(20, 5);
    Show s;
    flow:
      t ||| s;
  }
}

Module Show {
  void run() {
    auto start = std::chrono::steady_clock::now();
    while (QueueElement q = dequeue())
      std::printf("tick %ld\n", getPayload<aspen::Tick>(q).number);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  std::chrono::steady_clock::now() - start).count();
    std::printf("on time: %s\n", ms >= 95 ? "yes" : "no");
  }
}

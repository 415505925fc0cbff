// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// 10000 round trips between two instances connected both ways. The same
// payload goes back and forth; pong transforms the value and ping checks
// every answer and sums them.
#include <cstdio>
#include <aspen/runtime.h>

Module Main is Root requires Module Ping, Module Pong {
  void initialize() {
    Ping ping;
    Pong pong;
    flow:
      ping ||| pong ||| ping;
  }
}

Module Ping {
  void run() {
    long checksum = 0, bad = 0;
    QueueElement e = QueueElement(new ArrayPayload<long>(1));
    Payload *first = e.get();
    long moved = 0;
    for (long i = 0; i < 10000; ++i) {
      long *v = getPayload(e);
      v[0] = i;
      send e;
      e = dequeue();
      v = getPayload(e);
      if (v[0] != 7 * i + 3)
        ++bad;
      if (e.get() != first)
        ++moved;
      checksum += v[0];
    }
    std::printf("round trips=10000 checksum=%ld bad=%ld copies=%ld\n", checksum, bad, moved);
    send QueueElement();
  }
}

Module Pong {
  void run() {
    for (;;) {
      QueueElement e = dequeue();
      if (!e)
        return;
      long *v = getPayload(e);
      v[0] = 7 * v[0] + 3;
      send e;
    }
  }
}
// 7 * (0 + ... + 9999) + 3 * 10000 = 349995000
// CHECK: round trips=10000 checksum=349995000 bad=0 copies=0

// 100,000 instances in a ring pass a token ten times round: creation of many
// instances, their stacks and queues, and one wake-up per hop.
#include <aspen/runtime.h>
#include <cstdio>

Module Main is Root requires Module Node {
  void initialize() {
    const int N = 100000;
    Node n[N];
    flow:
      n[0:N-2] ||| n[1:N-1];
      n[N-1] ||| n[0];
  }
}

Module Node {
  void run() {
    const int Laps = 10;
    if (instanceIndex() == 0) {
      long zero = 0;
      QueueElement token = QueueElement(new ArrayPayload<long>(&zero, 1));
      for (int lap = 0; lap < Laps; ++lap) {
        send token;
        token = dequeue();
        ++*static_cast<long *>(getPayload(token));
      }
      std::printf("ring: %d instances, %d laps, %ld hops\n", instanceCount(),
                  Laps, *static_cast<long *>(getPayload(token)));
      return;
    }
    for (int lap = 0; lap < Laps; ++lap) {
      QueueElement token = dequeue();
      ++*static_cast<long *>(getPayload(token));
      send token;
    }
  }
}

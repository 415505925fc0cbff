// One-to-one streaming: a producer sends STREAM_MESSAGES 8-byte messages to
// a consumer as fast as the runtime moves them.
#include <aspen/runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer producer;
    Consumer consumer;
    flow:
      producer ||| consumer;
  }
}

Module Producer {
  void run() {
    const char *env = std::getenv("STREAM_MESSAGES");
    long n = env ? std::atol(env) : 10000000;
    long first = n; // the consumer learns the count from the first message
    send new ArrayPayload<long>(&first, 1);
    for (long i = 0; i < n; ++i)
      send new ArrayPayload<long>(&i, 1);
  }
}

Module Consumer {
  void run() {
    QueueElement q = dequeue();
    long n = static_cast<long *>(getPayload(q))[0], sum = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < n; ++i) {
      QueueElement m = dequeue();
      sum += static_cast<long *>(getPayload(m))[0];
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (sum != n * (n - 1) / 2)
      std::printf("streaming: WRONG checksum\n");
    std::printf("streaming: %ld messages in %.3f s, %.2f million messages/s\n",
                n, s, n / s / 1e6);
  }
}

// A stream of small messages from node 0 to node 1, numbered: the
// receiver checks that every one arrives, once and in order, however
// large the window the link's round trip gave the channel.
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module S, Module R {
  void initialize() {
    S s;
    R r;
    flow:
      s ||| r;
  }
}

Module S {
  void run() {
    const long N = std::atol(std::getenv("STREAM_N"));
    for (long I = 0; I < N; ++I)
      send new ArrayPayload<long>(&I, 1);
  }
}

Module R {
  void run() {
    long Next = 0, Wrong = 0;
    while (QueueElement Q = dequeue())
      if (getPayload<ArrayPayload<long>>(Q)[0] != Next++)
        ++Wrong;
    std::printf("received %ld, %ld out of order\n", Next, Wrong);
  }
}

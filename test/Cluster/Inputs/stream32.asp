// 32 streams from node 0 into one instance on node 1: 32 channels from
// one peer, whose windows share the receiving node's bound per peer.
#include <cstdio>
#include <cstdlib>

Module Main is Root requires Module S, Module R {
  void initialize() {
    S s[32];
    R r;
    place s on 0;
    place r on 1;
    flow:
      s ||| r;
  }
}

Module S {
  void run() {
    for (long I = 0; I < 100; ++I)
      send new ArrayPayload<long>(&I, 1);
  }
}

Module R {
  void run() {
    long Count = 0, Sum = 0;
    while (QueueElement Q = dequeue()) {
      Sum += getPayload<ArrayPayload<long>>(Q)[0];
      ++Count;
    }
    std::printf("received %ld, checksum %s\n", Count,
                Sum == 32 * 4950 ? "ok" : "WRONG");
  }
}

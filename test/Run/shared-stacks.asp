// RUN: %aspenc %s -o %t
// RUN: env ASPEN_OWN_STACKS=0 ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_OWN_STACKS=0 ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_OWN_STACKS=7 ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Instances sharing stacks (ASPEN_OWN_STACKS): while one waits, another
// runs on its stack, and its bytes are copied aside and back. Each instance
// keeps a pattern of its own in locals at a depth that differs from one
// instance and one round to the next (so the part copied differs in
// size), waits inside that frame, and checks the pattern afterwards; a
// token goes round a ring of them, and several lap it at once.
#include <aspen/runtime.h>
#include <cstdio>

Module Main is Root requires Module Node {
  void initialize() {
    const int N = 3000;
    Node n[N];
    flow:
      n[0:N-2] ||| n[1:N-1];
      n[N-1] ||| n[0];
  }
}

Module Node {
  long bad = 0;

  // Waits for the token Depth frames down, with a pattern in every frame.
  QueueElement waitDeep(int Depth, long Seed) {
    volatile long pattern[24];
    for (int i = 0; i < 24; ++i)
      pattern[i] = Seed * 31 + i + Depth;
    QueueElement t = Depth == 0 ? dequeue() : waitDeep(Depth - 1, Seed);
    for (int i = 0; i < 24; ++i)
      if (pattern[i] != Seed * 31 + i + Depth)
        ++bad;
    return t;
  }

  void run() {
    const int Tokens = 4, Rounds = 5;
    long me = instanceIndex();
    if (me == 0)
      for (int k = 0; k < Tokens; ++k)
        send QueueElement(new ArrayPayload<long>(std::vector<long>{0, 0}));
    for (int round = 0; round < Rounds * Tokens; ++round) {
      QueueElement t = waitDeep(int((me + round) % 9), me + 1000 * round);
      long *v = getPayload(t);
      ++v[0];
      v[1] += bad;
      if (me != 0 || round < Rounds * Tokens - Tokens)
        send t;
      else
        std::printf("token: hops %ld, bad frames %ld\n", v[0], v[1]);
    }
  }
}
// Every token makes 5 laps of 3000 hops; no frame ever comes back changed.
// CHECK-COUNT-4: token: hops 15000, bad frames 0

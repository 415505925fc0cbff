// RUN: %aspenc -w %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Fig. 5 style concurrent reduces over overlapping instances (r1 over all of
// p, r2 over p[1:2] on a named queue, to a receiver that does not
// contribute), an all-reduce with a user operation onto a named input
// queue, and a broadcast that starts every round: 500 rounds that never mix.
// CHECK: 500 rounds ok
// CHECK-NOT: BAD
#include <cstdio>
#include <aspen/runtime.h>
#include "Inputs/reduce_ops.h"
Module Main is Root requires Module P, Module Reduce, Module Broadcast, Module Q {
  void initialize() {
    P p[4];
    Q q;
    Reduce r1, r2, r3;
    Broadcast b;
    flow:
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].out1 ||| r2(multiply) ||| p[3];
      p.out2 ||| r3(maxOf) ||| p.maxes;
      q ||| b ||| p;
  }
}
Declare Module P {
  Output:
    Output Queue is out1, out2;
  Input:
    Input Queue is maxes;
}
Module P {
  void run() {
    int me = instanceIndex();
    QueueElement go = dequeue();              // from the broadcast
    for (int round = 0; round < 500; ++round) {
      double v[2] = {double(me + 1), double(round)};
      send new ArrayPayload<double>(v, 2);
      if (me == 1 || me == 2) { double w[1] = {double(me + 1)}; send new ArrayPayload<double>(w, 1) on out1; }
      long m[1] = {long(me * 10 + round)};
      send new ArrayPayload<long>(m, 1) on out2;
      if (me == 0 || me == 2) {
        QueueElement s = dequeue();
        double *x = getPayload(s);
        if (x[0] != 10 || x[1] != 4.0 * round) std::printf("BAD r1 %d\n", round);
      }
      if (me == 3) {
        QueueElement s = dequeue();
        double *x = getPayload(s);
        if (x[0] != 6) std::printf("BAD r2\n");
      }
      QueueElement mx = dequeue(maxes);  // r3, to every participant
      long *y = getPayload(mx);
      if (y[0] != 30 + round) std::printf("BAD r3 %ld\n", y[0]);
    }
    if (me == 0) std::printf("500 rounds ok\n");
  }
}
Module Q { void run() { send new ArrayPayload<int>(1); } }

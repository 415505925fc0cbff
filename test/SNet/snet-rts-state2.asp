// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// After the S-Net runtime's test state2 (examples/tests/C/state2):
// state carried round a feedback loop. A synchro-cell under a star pairs
// the state with the next value; compute adds them, emits the old state
// and, below 10, the new state, which goes round again: the feedback's
// two patterns send both {state} and {inval} records into the loop, and
// the net's signature takes either.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net state2 ({state} | {inval} -> {outval})
{
  net sync_star
  connect [| {state}, {inval} |] * {state, inval};
}
connect (sync_star .. compute) \ {state}, {inval};

Module compute is Box ({state, inval} -> {outval} | {state}) {
  void box(int state, int inval) {
    int next = state + inval;
    if (next < 10)
      emit<2>(next);
    emit<1>(state);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| state2 ||| sink;
  }
}

Module Src {
  void run() {
    auto *s = new aspen::snet::Record();
    s->field("state", 0);
    send s;
    for (int v : {1, 2, 3, 4}) {
      auto *r = new aspen::snet::Record();
      r->field("inval", v);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("outval=%d\n", getPayload<aspen::snet::Record>(q).get<int>("outval"));
  }
}
// The state is 0, 1, 3, 6; 6 + 4 is 10, which ends it.
// CHECK-DAG: outval=0
// CHECK-DAG: outval=1
// CHECK-DAG: outval=3
// CHECK-DAG: outval=6
// CHECK-NOT: outval

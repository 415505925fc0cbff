// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --fsyntax-only %s 2>&1 | count 0
// After the S-Net runtime's test multistate (examples/tests/C/multistate):
// state2 with a store of states. A state waits in storage for a trigger;
// when compute's state reaches 10 it emits a trigger instead, which goes
// round the outer feedback and releases the next stored state. Values go
// past storage through the identity filter `[]`, by best-match routing.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net multistate ({state} | {trigger} | {inval} ->
                {outval})
{
    net storage
    connect [| {state}, {trigger} |] * {state, trigger};

    net untrigger
    connect [ {trigger} -> {} ];

    net single_state ({state} | {inval} ->
                      {outval} | {trigger})
    {
        net sync_star
        connect [| {state}, {inval} |] * {state, inval};
    }
    connect (sync_star .. compute) \ {state},{inval};
}
connect (((storage .. untrigger) | []) .. single_state)
        \ {state},{trigger},{inval};

Module compute is Box ({state, inval} -> {outval} | {state} | {trigger}) {
  void box(int state, int inval) {
    emit<1>(state);
    int next = state + inval;
    if (next < 10)
      emit<2>(next);
    else
      emit<3>(next);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| multistate ||| sink;
  }
}

Module Src {
  void field(const char *label, int v) {
    auto *r = new aspen::snet::Record();
    r->field(label, v);
    send r;
  }
  // The runtime's input.xml: a state and a trigger, four values, then a
  // second state (stored until the first reaches 10) and four more values.
  void run() {
    field("state", 0);
    field("trigger", 0);
    for (int v : {1, 2, 3, 4})
      field("inval", v);
    field("state", 0);
    for (int v : {1, 2, 3, 4})
      field("inval", v);
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("outval=%d\n", getPayload<aspen::snet::Record>(q).get<int>("outval"));
  }
}
// CHECK-DAG: outval=0
// CHECK-DAG: outval=1
// CHECK-DAG: outval=3
// CHECK-DAG: outval=6
// CHECK-DAG: outval=0
// CHECK-DAG: outval=1
// CHECK-DAG: outval=3
// CHECK-DAG: outval=6
// CHECK-NOT: outval

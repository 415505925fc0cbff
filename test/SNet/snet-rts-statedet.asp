// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// After the S-Net runtime's test statedet (examples/tests/C/statedet), the
// deterministic version of state: a state waits in the synchro-cell of a
// replica of the `**` for a value; add emits the next state, which waits
// in the next replica, and the old state as outval. Values pass the
// replicas whose cells have fired through the identity filter. The state
// held in a cell counts for no input: each outval leaves in the place of
// the value that fired the cell, and nothing is left waiting for the
// state's own input (the program ends; add stops at 10, so no state is
// left held).
#include <cstdio>
#include <unistd.h>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

net statedet {
  net merge connect [| {state}, {inval} |];
  net bypass connect [];
} connect (merge .. (bypass | add)) ** {outval};

Module add is Box ({state, inval} -> {state} | {outval}) {
  void box(int state, int inval) {
    usleep(1000 * (10 - state));
    int next = state + inval;
    if (next < 10)
      emit<1>(next);
    emit<2>(state);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| statedet ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->field("state", 0);
    send r;
    for (int i = 0; i < 10; ++i) {
      r = new aspen::snet::Record();
      r->field("inval", 1);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {outval=0}
// CHECK-NEXT: {outval=1}
// CHECK-NEXT: {outval=2}
// CHECK-NEXT: {outval=3}
// CHECK-NEXT: {outval=4}
// CHECK-NEXT: {outval=5}
// CHECK-NEXT: {outval=6}
// CHECK-NEXT: {outval=7}
// CHECK-NEXT: {outval=8}
// CHECK-NEXT: {outval=9}
// CHECK-NOT: {{.}}

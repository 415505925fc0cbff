// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// The extensions in the places C++ allows them: send in an if without
// braces and in a lambda, 'on' as an ordinary name inside a send operand,
// dequeue and getPayload nested in expressions, and member functions named
// send and dequeue reached with '.' and '->'.
#include <cstdio>
#include "Inputs/mailbox.h"

Module Main is Root requires Module Src, Module Dst {
  void initialize() {
    Src s;
    Dst d;
    flow:
      s ||| d;
      s.side ||| d.side;
  }
}

Declare Module Src {
  Output Queue is side;
}

Declare Module Dst {
  Input Queue is side;
}

Module Src {
  void run() {
    Mailbox box;
    Mailbox *mp = &box;
    for (int i = 1; i <= 5; ++i)
      mp->send(i);
    bool on = true;
    auto ship = [&](int v) { send QueueElement(new Trace(v)); };
    while (!box.items.empty()) {
      int v = box.dequeue();
      if (v % 2)
        ship(v);
      else
        send QueueElement(new Trace(10 * v)) on side;
    }
    send QueueElement(pick(on, 7, 8)) on side;
    send pick(!on, 7, 8);
  }
}

Module Dst {
  void run() {
    int main = 0, side = 0;
    for (int i = 0; i < 4; ++i)
      main += getPayload<Trace>(dequeue()).value;
    for (int i = 0; i < 3; ++i)
      side += getPayload<Trace>(dequeue(side)).value;
    std::printf("main %d side %d\n", main, side);
  }
}
// main: 1 + 3 + 5 + 8, side: 20 + 40 + 7
// CHECK: main 17 side 67

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=2 %t | env LC_ALL=C sort | FileCheck %s
// Distribute("hash") sends equal keys to the same target, round-robin
// deals in turn; Console prints whole lines from many instances.
// CHECK:      hash k0 -> w[[K0:[0-9]]] x5
// CHECK-NEXT: hash k1 -> w[[K1:[0-9]]] x5
// CHECK-NEXT: hash k2 -> w[[K2:[0-9]]] x5
// CHECK-NEXT: hash k3 -> w[[K3:[0-9]]] x5
// CHECK-NEXT: rr r[0] got 0 3 6 9
// CHECK-NEXT: rr r[1] got 1 4 7
// CHECK-NEXT: rr r[2] got 2 5 8

#include <map>
#include <string>

Module Main is Root requires Module Keys, Module Distribute, Module Count, Module Console, Module Numbers, Module Collect {
  void initialize() {
    Keys keys;
    Distribute byKey("hash"), rr;
    Count w[3];
    Numbers nums;
    Collect r[3];
    Console out;
    flow:
      keys ||| byKey ||| w ||| out;
      nums ||| rr ||| r ||| out;
  }
}

Module Keys {
  void run() {
    for (int round = 0; round < 5; ++round)
      for (int k = 0; k < 4; ++k)
        send new aspen::StringPayload("k" + std::to_string(k));
  }
}

// Reports, per key, how many it saw: a key seen by two workers would print
// two lines for it, with smaller counts.
Module Count {
  void run() {
    std::map<std::string, int> seen;
    while (QueueElement q = dequeue())
      ++seen[getPayload<aspen::StringPayload>(q).str()];
    for (auto &[k, n] : seen)
      send new aspen::StringPayload("hash " + k + " -> w" +
                                    std::to_string(instanceIndex()) + " x" +
                                    std::to_string(n));
  }
}

Module Numbers {
  void run() {
    for (int i = 0; i < 10; ++i)
      send new aspen::StringPayload(std::to_string(i));
  }
}

Module Collect {
  void run() {
    std::string got;
    while (QueueElement q = dequeue())
      got += " " + getPayload<aspen::StringPayload>(q).str();
    send new aspen::StringPayload(std::string("rr ") + instanceName() + " got" + got);
  }
}

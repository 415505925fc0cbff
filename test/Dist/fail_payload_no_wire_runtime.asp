// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %python %S/Inputs/status.py 4 %t 2>&1 | FileCheck %s
// The same class made where aspenc cannot see it being sent (a helper
// function outside the module): the sending node reports the class and the
// edge when the message reaches the network, and the job stops.
#include "Inputs/raw.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}
Module A {
  void run() { send makeRaw(); }
}
Module B {
  void run() { QueueElement q = dequeue(); }
}
// CHECK: [127.0.0.1] aspen: error: node '127.0.0.1': payload of type 'Raw' cannot cross to node '127.0.0.2' on edge 'a -> b': it has no wire format

// RUN: not %aspenc %s --hostfile %S/Inputs/nodes2 -o %t 2>&1 | FileCheck %s
// RUN: %aspenc %s -o %t1
// A payload class that cannot be serialized, created by a module whose
// messages cross to another node, is a compile-time error naming the
// class, the nodes and the edge; on one node the same program is fine.
#include "Inputs/raw.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      // CHECK: fail_payload_no_wire.asp:[[@LINE+1]]:7: error: payload class 'Raw' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': field 'values' has type 'double *'
      a ||| b;
  }
}
Module A {
  void run() { send new Raw(); }
}
Module B {
  void run() { QueueElement q = dequeue(); }
}
// CHECK: raw.h:3:7: note: 'Raw' is declared here

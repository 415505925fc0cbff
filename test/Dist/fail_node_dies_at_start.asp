// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: env DIE_NODE=1 %python %S/Inputs/status.py 3 %t 2>&1 | FileCheck %s
// A node that ends before the job starts, without a word, is named by the
// launcher with its status, which is the job's (before: the only message
// named the other node, killed for not stopping).
#include "Inputs/die-early.h"

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
  void run() { send new ArrayPayload<long>(1); }
}
Module B {
  void run() { dequeue(); }
}
// CHECK: aspen: error: node '127.0.0.2' exited with status 3

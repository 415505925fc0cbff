// RUN: not %aspenc %s --hostfile %S/Inputs/nodes2 -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// An S-Net record that a module makes and sends to another node: a
// compile-time error, as for any payload without a wire format (before:
// built, and the job stopped when the record reached the network).
#include <aspen/snet.h>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
// CHECK: fail_record_across_nodes.asp:[[@LINE+1]]:7: error: payload class 'aspen::snet::Record' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': S-Net records do not cross nodes (their fields hold any C++ value); a network and the instances it exchanges records with run on one node
      a ||| b;
  }
}
Module A {
// CHECK: fail_record_across_nodes.asp:[[@LINE+1]]:21: note: 'aspen::snet::Record' is made here
  void run() { send new aspen::snet::Record(); }
}
Module B {
  void run() { QueueElement q = dequeue(); }
}

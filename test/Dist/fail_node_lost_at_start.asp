// UNSUPPORTED: netlab
// (Not on a netlab: starts its nodes itself, on this host, as srun would.)
// RUN: %aspenc %s --hostfile %S/Inputs/nodes3 -o %t
// RUN: %python %S/Inputs/early_loss.py %t | FileCheck %s
// Nodes started by a cluster launcher: one that connects and then dies
// before every node is there is noticed at once, and named. Before, the
// connections were not watched until the job started, so node 0 waited out
// the whole connect timeout (20 s here) and then named only the node that
// never came.
Module Main is Root requires Module A, Module B, Module C {
  void initialize() {
    A a;
    B b;
    C c;
    place a on 0;
    place b on 1;
    place c on 2;
    flow:
      a ||| b ||| c;
  }
}
Module A {
  void run() { send new ArrayPayload<long>(1); }
}
Module B {
  void run() { send dequeue(); }
}
Module C {
  void run() { dequeue(); }
}
// CHECK: aspen: error: node '127.0.0.1': lost the connection to node '127.0.0.2' ({{.*}}): it closed the connection before the job started (did the node die?)
// CHECK: exit status 5
// CHECK: stopped before the connect timeout

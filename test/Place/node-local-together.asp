// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes --stdlib-dir %S/Inputs/node-local-lib %s | FileCheck %s
// Standard library modules whose declarations name the same node-local
// state run on one node, all their instances: where one is pinned (or else
// where most of them are); the modules between them go wherever the usual
// rules put them.
Module Main is Root requires Module Store, Module Work, Module Lookup,
                             Module Evict {
  void initialize() {
    Store store;
    Work w[4];
    Lookup look[2];
    Evict evict;
    place evict on 2;
    flow:
      store ||| w ||| look ||| evict;
  }
}
Module Work {
  void run() {
    while (QueueElement q = dequeue())
      send q;
  }
}
// CHECK-DAG: store : Store {{.*}}@127.0.0.3
// CHECK-DAG: look[0] : Lookup {{.*}}@127.0.0.3
// CHECK-DAG: look[1] : Lookup {{.*}}@127.0.0.3
// CHECK-DAG: evict : Evict on node #2 @127.0.0.3
// CHECK-DAG: w[1] : Work {{.*}}@127.0.0.2

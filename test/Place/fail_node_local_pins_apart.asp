// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/four-nodes --stdlib-dir %S/Inputs/node-local-lib %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Pins that would split the instances of modules sharing node-local state
// are an error, which names the modules (by name) and the state as their
// declarations do.
Module Main is Root requires Module Store, Module Lookup, Module Evict {
  void initialize() {
    Store store;
    Lookup look;
    Evict evict;
    place store on 0;
// CHECK: fail_node_local_pins_apart.asp:[[@LINE+1]]:20: error: 'store' is pinned to node '127.0.0.1' and 'evict' to node '127.0.0.2', but Evict, Lookup and Store must run on one node: the entries Store keeps exist only in that node's process{{$}}
    place evict on 1;
    flow:
      store ||| look ||| evict;
  }
}

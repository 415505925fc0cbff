// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/two-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A pin to a node the hostfile does not list; one error for a vector's
// pin, not one per instance.
Module Main is Root requires Module W {
  void initialize() {
    W a, b, v[5];
// CHECK: fail_pin_unknown_node.asp:[[@LINE+1]]:16: error: 'a' is pinned to node 'node7', which is not in the hostfile{{$}}
    place a on node7;
// CHECK: fail_pin_unknown_node.asp:[[@LINE+1]]:16: error: 'b' is pinned to node #2, which is not in the hostfile{{$}}
    place b on 2;
// CHECK: fail_pin_unknown_node.asp:[[@LINE+1]]:16: error: 'v[0]' is pinned to node #9, which is not in the hostfile{{$}}
    place v on 9;
    flow:
      a ||| b;
      v ||| v;
  }
}
Module W { void run() {} }

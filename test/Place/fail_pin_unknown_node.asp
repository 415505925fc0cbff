// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/two-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
// CHECK: fail_pin_unknown_node.asp:[[@LINE+1]]:16: error: 'a' is pinned to node 'node7', which is not in the hostfile{{$}}
    place a on node7;
// CHECK: fail_pin_unknown_node.asp:[[@LINE+1]]:16: error: 'b' is pinned to node #2, which is not in the hostfile{{$}}
    place b on 2;
    flow:
      a ||| b;
  }
}
Module W { void run() {} }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// p[1] cannot live on two nodes.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker p[4];
    place p[0:1] on n0;
// CHECK: fail_pin_conflict.asp:[[@LINE+1]]:11: error: 'p[1]' is pinned to node 'n0' and to node 'n1'{{$}}
    place p[1:2] on n1;
    flow:
      p[0:1] ||| p[2:3];
  }
}
Module Worker { void run() { } }

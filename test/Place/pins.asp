// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// Pins by name and by hostfile position win over the heuristic.
Module Main is Root requires Module W {
  void initialize() {
    W a, b, c[2];
    place a on "127.0.0.4";
    place c on 1;
    flow:
      a ||| b ||| c;
  }
}
Module W { void run() {} }
// CHECK: Instance #0 a : W on node '127.0.0.4' @127.0.0.4
// CHECK: Instance #2 c[0] : W [0 of 2] on node #1 @127.0.0.2
// CHECK: Instance #3 c[1] : W [1 of 2] on node #1 @127.0.0.2

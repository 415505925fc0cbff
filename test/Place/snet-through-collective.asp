// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// Records also pass through a collective: a network broadcasting its output
// shares a node with every receiver of the broadcast. Before, the
// heuristic spread the receivers over the nodes, the program built, and it
// stopped at run time on a record that cannot cross.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src s;
    Sink k[4];
    place k[2] on 1;
    flow:
      s ||| Twice ||| Broadcast() ||| k;
  }
}
Module Twice is Box ({<x>} -> {<x>}) { void box(long x) { emit<1>(2 * x); } }
Module Src { void run() {} }
Module Sink { void run() {} }
// CHECK: Instance #0 s : Src @127.0.0.2
// CHECK: Instance #1 k[0] : Sink [0 of 4] @127.0.0.2
// CHECK: Instance #2 k[1] : Sink [1 of 4] @127.0.0.2
// CHECK: Instance #3 k[2] : Sink [2 of 4] on node #1 @127.0.0.2
// CHECK: Instance #4 k[3] : Sink [3 of 4] @127.0.0.2
// CHECK: Instance #5 net#1 network @127.0.0.2

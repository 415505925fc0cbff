// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// S-Net records do not cross between nodes: a network runs on the node of
// every instance it exchanges records with, wherever the heuristic would
// have spread them; one pin among them takes the whole group along, and
// instances without records are placed as before.
Module Main is Root requires Module Src, Module Sink, Module W {
  void initialize() {
    Src src[2];
    Sink sink;
    W w, v;
    place src[1] on 3;
    flow:
      src ||| AB ||| sink;
      w ||| v;
  }
}
net AB connect A .. B;
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module W { void run() {} }
Module A is Box ({x} -> {y}) { void box() { } }
Module B is Box ({y} -> {w}) { void box() { } }
// CHECK: Instance #0 src[0] : Src [0 of 2] @127.0.0.4
// CHECK: Instance #1 src[1] : Src [1 of 2] on node #3 @127.0.0.4
// CHECK: Instance #2 sink : Sink @127.0.0.4
// CHECK: Instance #3 w : W @127.0.0.
// CHECK: Instance #4 v : W @127.0.0.
// CHECK: Instance #5 net#1 network @127.0.0.4

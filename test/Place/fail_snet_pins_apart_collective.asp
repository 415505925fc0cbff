// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Receivers of a network's broadcast pinned to two nodes: records would
// have to cross, a compile-time error (before: built, then stopped at run
// time on an internal edge's name).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src s;
    Sink k[2];
    place k[0] on 0;
// CHECK: fail_snet_pins_apart_collective.asp:[[@LINE+1]]:19: error: 'k[0]' is pinned to node '127.0.0.1' and 'k[1]' to node '127.0.0.2', but S-Net records pass between them (through 'net#1'), and records do not cross between nodes
    place k[1] on 1;
    flow:
      s ||| Twice ||| Broadcast() ||| k;
  }
}
Module Twice is Box ({<x>} -> {<x>}) { void box(long x) { emit<1>(2 * x); } }
Module Src { void run() {} }
Module Sink { void run() {} }

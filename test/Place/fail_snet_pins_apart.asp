// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Pins that would put a network's neighbours on different nodes are an
// error: the records between them could not cross.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    place src on 0;
// CHECK: fail_snet_pins_apart.asp:[[@LINE+1]]:19: error: 'src' is pinned to node '127.0.0.1' and 'sink' to node '127.0.0.2', but S-Net records pass between them (through 'net#1'), and records do not cross between nodes{{$}}
    place sink on 1;
    flow:
      src ||| AB ||| sink;
  }
}
net AB connect A .. B;
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
Module A is Box ({x} -> {y}) { void box() { } }
Module B is Box ({y} -> {w}) { void box() { } }

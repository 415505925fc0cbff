// RUN: not %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Pins by name and by index that name two nodes of the hostfile: an error
// at the second.
Module Main is Root requires Module W {
  void initialize() {
    W u;
    place u on "127.0.0.2";
// CHECK: fail_pins_differ.asp:[[@LINE+1]]:16: error: 'u' is pinned to node '127.0.0.2' and to node #0{{$}}
    place u on 0;
    flow:
      u ||| u;
  }
}
Module W { void run() {} }

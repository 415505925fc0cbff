// RUN: %aspenc --dump-graph --hostfile %S/Inputs/four-nodes %s | FileCheck %s
// An instance pinned by index and by name is placed when both name one
// node (before: a conflict, since only the hostfile can tell).
Module Main is Root requires Module W {
  void initialize() {
    W w, u;
    place w on 2;
    place w on "127.0.0.3";
    place u on "127.0.0.2";
    place u on 1;
    flow:
      w ||| u;
  }
}
Module W { void run() {} }
// CHECK: w : W on node #2 @127.0.0.3
// CHECK: u : W on node '127.0.0.2' @127.0.0.2

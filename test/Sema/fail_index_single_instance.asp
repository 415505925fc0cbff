// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Only a vector can be indexed, even with index 0.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w, v;
    flow:
// CHECK: fail_index_single_instance.asp:[[@LINE+1]]:9: error: 'w' is a single instance, not a vector; it cannot be indexed{{$}}
      w[0] ||| v;
  }
}
Module Worker { void run() { } }

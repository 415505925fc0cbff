// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Both ends of a slice are inclusive indices: p[1:4] reaches past p[3].
Module Main is Root requires Module Worker {
  void initialize() {
    Worker p[4], q;
    flow:
// CHECK: fail_slice_out_of_bounds.asp:[[@LINE+1]]:17: error: index 4 is out of bounds for 'p' (4 instances: 0 to 3){{$}}
      q ||| p[1:4];
  }
}
Module Worker { void run() { } }

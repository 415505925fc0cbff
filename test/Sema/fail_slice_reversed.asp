// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A slice whose first index is greater than its last selects nothing.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker p[4], q;
    flow:
// CHECK: fail_slice_reversed.asp:[[@LINE+1]]:7: error: slice [3:1] of 'p' is empty: its first index is greater than its last{{$}}
      p[3:1] ||| q;
  }
}
Module Worker { void run() { } }

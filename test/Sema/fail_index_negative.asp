// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A negative index is out of bounds.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker p[3];
    flow:
// CHECK: fail_index_negative.asp:[[@LINE+1]]:9: error: index -1 is out of bounds for 'p' (3 instances: 0 to 2){{$}}
      p[-1] ||| p[0];
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A mesh connects instances; a collective stage is joined with '|||'.
Module Main is Root requires Module P, Module Reduce {
  void initialize() {
    P p[4];
    Reduce r;
    flow:
// CHECK: fail_mesh_collective.asp:[[@LINE+1]]:9: error: '|||*' connects every instance of one stage to every instance of the other; a collective stage takes '|||'
      p |||* r(sum);
  }
}
Module P { void run() { send 1; dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Collectives are declared one by one, never as vectors.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
// CHECK: fail_collective_vector.asp:[[@LINE+1]]:12: error: 'r' cannot be a vector: each Reduce or Broadcast instance is one collective{{$}}
    Reduce r[2];
    flow:
      p[0] ||| p[1];
  }
}
Module Parallel { void run() { } }

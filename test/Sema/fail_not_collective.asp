// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Only collectives take an operation in parentheses.
Module Main is Root requires Module Parallel {
  void initialize() {
    Parallel p[4], q;
    flow:
// CHECK: fail_not_collective.asp:[[@LINE+1]]:13: error: 'q' is not a collective; only Reduce and Broadcast take an operation in parentheses{{$}}
      p ||| q(sum) ||| p[0];
  }
}
Module Parallel { void run() { send 1; dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The compiler places the parts of a collective itself.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker p[4];
    Reduce r;
// CHECK: fail_pin_collective.asp:[[@LINE+1]]:14: error: only module instances can be placed; 'r' is a collective{{$}}
    place p, r on 0;
    flow:
      p ||| r(sum);
  }
}
Module Worker { void run() { send 1; dequeue(); } }

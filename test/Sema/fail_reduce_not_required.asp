// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The built-in Reduce is a module like any other: Fig. 3(a) of the Aspen
// paper lists it in 'requires', and leaving it out is an error.
Module Main is Root requires Module Chemical {
  void initialize() {
    Chemical c[4];
// CHECK: fail_reduce_not_required.asp:[[@LINE+1]]:5: error: module 'Reduce' is used but not listed in the 'requires' of 'Main'{{$}}
    Reduce r;
    flow:
      c ||| r(sum);
  }
}
Module Chemical { void run() { send 1; dequeue(); } }

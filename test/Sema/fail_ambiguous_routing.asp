// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Both branches accept {a} with the same number of labels, so best-match
// routing cannot choose.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_ambiguous_routing.asp:[[@LINE+1]]:22: error: parallel branches box 'Left' and box 'Right' match records of type {a} equally well{{$}}
net N connect Left | Right;
Module Left is Box ({a} -> {b}) { void box() { } }
Module Right is Box ({a} -> {c}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

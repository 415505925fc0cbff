// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Gen emits {c}, which neither branch accepts; the {a} or {b} they need
// cannot come from the network's input by flow inheritance either, since
// Gen consumes both.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_no_route.asp:[[@LINE+1]]:23: error: no branch of this parallel composition accepts records of type {c}{{$}}
net N connect Gen .. (ForA | ForB);
Module Gen is Box ({x, a, b} -> {c}) { void box() { } }
Module ForA is Box ({a} -> {a}) { void box() { } }
Module ForB is Box ({b} -> {b}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

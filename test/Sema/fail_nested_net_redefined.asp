// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Two nets of one name inside one net are an error, as at the top level
// (before: the second silently won).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
net N {
  net M connect Inc;
  net M connect Dbl;
// CHECK: fail_nested_net_redefined.asp:[[@LINE-1]]:7: error: redefinition of net 'M'{{$}}
// CHECK: fail_nested_net_redefined.asp:[[@LINE-3]]:7: note: previous definition of 'M' is here{{$}}
} connect M;
Module Inc is Box ({a} -> {a}) { void box(int a) { emit<1>(a + 1); } }
Module Dbl is Box ({a} -> {a}) { void box(int a) { emit<1>(2 * a); } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

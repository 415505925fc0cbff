// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A box or net is not an instance: it has no index and no queues (before:
// "no instance, net or box named 'A'" although A is a box).
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_net_ref_suffix.asp:[[@LINE+1]]:15: error: 'A' is a box: a network names it alone, without an index or a queue{{$}}
      src ||| A.q ||| sink;
// CHECK: fail_net_ref_suffix.asp:[[@LINE+1]]:20: error: 'A' is a box: a network names it alone, without an index or a queue{{$}}
      src ||| A .. A[0] ||| sink;
// CHECK: fail_net_ref_suffix.asp:[[@LINE+1]]:15: error: 'N' is a net: a network names it alone, without an index or a queue{{$}}
      src ||| N[1] ||| sink;
  }
}
net N connect A;
Module A is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %aspenc --dump-ast %s | FileCheck %s --check-prefix=AST
// `|||*` connects every element of one stage to every element of the
// next but itself: within one vector, a full mesh in one statement (what an
// exchange or a rendezvous needs), where `t ||| t` pairs each element with
// itself. Between different vectors it is every pair, also when their
// lengths are equal.
Module Main is Root requires Module T, Module E {
  void initialize() {
    E t[3];
    T a[2], b[2];
    flow:
      t |||* t;
      a.out |||* b.in;
      b.out ||| a.in;
  }
}
Module E { void run() {} }
Declare Module T {
  Input:
    Input Queue is in;
  Output:
    Output Queue is out;
}
Module T { void run() {} }
// AST: FlowStmt
// AST: Stage
// AST: AllToAll
// AST-NEXT: Stage
// CHECK:      Edge t[0] -> t[1]
// CHECK-NEXT: Edge t[0] -> t[2]
// CHECK-NEXT: Edge t[1] -> t[0]
// CHECK-NEXT: Edge t[1] -> t[2]
// CHECK-NEXT: Edge t[2] -> t[0]
// CHECK-NEXT: Edge t[2] -> t[1]
// CHECK-NEXT: Edge a[0].out -> b[0].in
// CHECK-NEXT: Edge a[0].out -> b[1].in
// CHECK-NEXT: Edge a[1].out -> b[0].in
// CHECK-NEXT: Edge a[1].out -> b[1].in
// CHECK-NEXT: Edge b[0].out -> a[0].in
// CHECK-NEXT: Edge b[1].out -> a[1].in

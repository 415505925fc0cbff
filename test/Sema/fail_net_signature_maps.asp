// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// Every input type of a net's signature is checked against the body, with
// the outputs of its own mapping; the error is at the input type.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| N ||| s;
  }
}
Module S { void run() {} }
// CHECK: fail_net_signature_maps.asp:[[@LINE+1]]:26: error: net 'N' is declared as {x} | {b} -> {c}, but its body emits records of type {d} for {b}{{$}}
net N ({a} -> {c}, {x} | {b} -> {c}) connect (F | G | H);
Module F is Box ({a} -> {c}) { void box() {} }
Module G is Box ({b} -> {d}) { void box() {} }
Module H is Box ({x} -> {c}) { void box() {} }

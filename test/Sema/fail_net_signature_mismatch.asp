// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A net's declared signature must describe what its body does.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| N ||| s;
  }
}
Module S { void run() {} }
// CHECK: fail_net_signature_mismatch.asp:[[@LINE+1]]:8: error: net 'N' is declared as {a} -> {b}, but its body emits records of type {d} for {a}{{$}}
net N ({a} -> {b}) connect Work;
Module Work is Box ({a} -> {d}) { void box() {} }

// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note:
// A declared input type the body does not accept is reported where the
// body rejects it, with a note at the signature.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| N ||| s;
  }
}
Module S { void run() {} }
// CHECK: fail_net_signature_rejected_input.asp:[[@LINE+2]]:34: error: records of type {b} reach box 'F', which accepts only {a}{{$}}
// CHECK: fail_net_signature_rejected_input.asp:[[@LINE+1]]:14: note: net 'N' declares the input type {b} here{{$}}
net N ({a} | {b} -> {c}) connect F;
Module F is Box ({a} -> {c}) { void box() {} }

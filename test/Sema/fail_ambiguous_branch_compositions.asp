// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Branches that are compositions are named by what they begin with. The
// second branch's type takes <k> in (its split needs it, and it arrives by
// flow inheritance), so it ties with the first on {a, <j>, <k>}.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| N ||| s;
  }
}
Module S { void run() {} }
// CHECK: fail_ambiguous_branch_compositions.asp:[[@LINE+2]]:53: error: parallel branches the composition that begins with box 'UseJ' and the composition that begins with box 'F' match records of type {a, <j>, <k>} equally well{{$}}
// CHECK: fail_ambiguous_branch_compositions.asp:[[@LINE+1]]:8: note: net 'N' declares the input type {a, <j>, <k>} here{{$}}
net N ({a, <j>, <k>} -> {a}) connect (UseJ .. F) | (F .. (F ! <k>));
Module UseJ is Box ({a, <j>} -> {a}) { void box() {} }
Module F is Box ({a} -> {a}) { void box() {} }

// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// From F's {a}, one branch needs <j> and the other <k> (the split makes
// it part of its branch's type), and nothing in the body says which the
// records bring: the note says how a signature settles it
// (SNet/signature-types-body.asp is the same net with one).
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| N ||| s;
  }
}
Module S { void run() {} }
// CHECK: fail_no_route_inherited_tie.asp:[[@LINE+2]]:21: error: no branch of this parallel composition accepts records of type {a}{{$}}
// CHECK: fail_no_route_inherited_tie.asp:[[@LINE+1]]:21: note: with {<j>} or with {<k>} more, a record would have a branch: if records bring such labels from the network's input, by flow inheritance, declare its input types with them in the net's signature{{$}}
net N connect F .. ((UseJ .. F) | (F .. (G ! <k>)));
Module F is Box ({a} -> {a}) { void box() {} }
Module UseJ is Box ({a, <j>} -> {a}) { void box() {} }
Module G is Box ({a} -> {a}) { void box() {} }

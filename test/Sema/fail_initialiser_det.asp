// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// An initialiser inside `**`, `!!` or `||` fires as elsewhere (once per
// replica inside a star or a split; SNet/initialiser-deterministic.asp),
// and type inference follows its records out of the combinator: here each
// reaches a box that does not take them.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| InDetStar ||| InDetSplit ||| InDet ||| Fine ||| s;
  }
}
Module S { void run() {} }

// Round the star again, since {b} is not its exit, and into Step.
// CHECK: fail_initialiser_det.asp:[[@LINE+1]]:24: error: records of type {b} reach box 'Step', which accepts only {a}{{$}}
net InDetStar connect (Step .. (Init | [])) ** {a};

// CHECK: fail_initialiser_det.asp:[[@LINE+1]]:50: error: records of type {b} reach box 'Need', which accepts only {a}{{$}}
net InDetSplit connect ((Step | Init) !! <k>) .. Need;

// CHECK: fail_initialiser_det.asp:[[@LINE+1]]:37: error: records of type {b} reach box 'Need', which accepts only {a}{{$}}
net InDet connect (Init || Step) .. Need;

// Going on to a branch that takes them is fine.
net Fine connect ((Init | Step) !! <k>) .. (Need | []);

Module Init is Box ( -> {b}) { void box() { emit<1>(1); } }
Module Step is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }
Module Need is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }

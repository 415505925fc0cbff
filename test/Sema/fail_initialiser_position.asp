// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// An initialiser box fires once, where its outputs have one way on. Inside
// a star or a split S-Net fires one per replica, and inside `||` its
// records follow no input to be ordered by: neither is supported yet.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| InStar ||| InSplit ||| InDet ||| Fine ||| s;
  }
}
Module S { void run() {} }

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:30: error: an initialiser box inside a star or split is not supported yet{{$}}
net InStar connect (Step .. (Init | [])) * {a};

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:29: error: an initialiser box inside a star or split is not supported yet{{$}}
net InSplit connect (Step | Init) ! <k>;

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:19: error: an initialiser box inside a deterministic parallel composition '||' is not supported yet{{$}}
net InDet connect Init || Step;

// Serial, parallel and feedback are fine.
net Fine connect ((Init .. Step) | []) \ {<x>};

Module Init is Box ( -> {a}) { void box() { emit<1>(1); } }
Module Step is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }

// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// An initialiser box fires once, or once per replica inside a star or a
// split (SNet/initialiser-per-replica.asp). Inside `||`, `**` and `!!` its
// records follow no input to be ordered by: not supported yet.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| InStar ||| InSplit ||| InDet ||| InDetStar ||| InDetSplit ||| Fine ||| s;
  }
}
Module S { void run() {} }

net InStar connect (Step .. (Init | [])) * {a};

net InSplit connect (Step | Init) ! <k>;

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:33: error: an initialiser box inside a deterministic star '**' is not supported yet{{$}}
net InDetStar connect (Step .. (Init | [])) ** {a};

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:32: error: an initialiser box inside a deterministic split '!!' is not supported yet{{$}}
net InDetSplit connect (Step | Init) !! <k>;

// CHECK: fail_initialiser_position.asp:[[@LINE+1]]:19: error: an initialiser box inside a deterministic parallel composition '||' is not supported yet{{$}}
net InDet connect Init || Step;

// Serial, parallel and feedback are fine.
net Fine connect ((Init .. Step) | []) \ {<x>};

Module Init is Box ( -> {a}) { void box() { emit<1>(1); } }
Module Step is Box ({a} -> {a}) { void box(int a) { emit<1>(a); } }

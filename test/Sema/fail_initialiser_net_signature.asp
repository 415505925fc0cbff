// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// What an initialiser box sends out of a net comes from no input type, so
// it must be of one of the output types the net declares, whichever
// mapping. Reported at the box.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| Good ||| Bad ||| s;
  }
}
Module S { void run() {} }

net Good ({x} -> {a}, {y} -> {b}) connect (Init .. ToB) | XToA | YToB;

// CHECK: fail_initialiser_net_signature.asp:[[@LINE+1]]:31: error: net 'Bad' is declared as {x} -> {a}, but initialiser box 'Init' sends records of type {b} out of it{{$}}
net Bad ({x} -> {a}) connect (Init .. ToB) | XToA;

Module Init is Box ( -> {a}) { void box() { emit<1>(1); } }
Module ToB is Box ({a} -> {b}) { void box(int a) { emit<1>(a); } }
Module XToA is Box ({x} -> {a}) { void box(int x) { emit<1>(x); } }
Module YToB is Box ({y} -> {b}) { void box(int y) { emit<1>(y); } }

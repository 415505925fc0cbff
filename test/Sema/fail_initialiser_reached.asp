// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// An initialiser box takes no input: type inference reports a record type
// that would reach one, at the box. Its own outputs enter the network
// after it and must be accepted there like any box's.
Module Main is Root requires Module S {
  void initialize() {
    S s;
    flow:
      s ||| Reached ||| Fed ||| Round ||| s;
  }
}
Module S { void run() {} }

// CHECK: fail_initialiser_reached.asp:[[@LINE+1]]:34: error: records of type {b} reach initialiser box 'Init', which takes no input{{$}}
net Reached connect ToB .. [] .. Init;

// CHECK: fail_initialiser_reached.asp:[[@LINE+1]]:31: error: records of type {a} reach box 'NeedsC', which accepts only {c}{{$}}
net Fed connect Init .. [] .. NeedsC;

// Round a feedback loop, back to the operand's start: the initialiser.
// CHECK: fail_initialiser_reached.asp:[[@LINE+1]]:20: error: records of type {a} reach initialiser box 'Init', which takes no input{{$}}
net Round connect (Init .. []) \ {a};

Module Init is Box ( -> {a}) { void box() { emit<1>(1); } }
Module ToB is Box ({a} -> {b}) { void box(int a) { emit<1>(a); } }
Module NeedsC is Box ({c} -> {c}) { void box(int c) { emit<1>(c); } }

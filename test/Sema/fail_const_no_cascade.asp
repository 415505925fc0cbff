// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A constant whose value cannot be computed is one error: the constants and
// declarations using it fail quietly (before, each use said there was no
// constant of that name).
Module Main is Root requires W {
  void initialize() {
// CHECK: fail_const_no_cascade.asp:[[@LINE+1]]:23: error: division by zero in a constant expression
    const int B = 1 / 0;
    const int C = B + 1;
    W w[B];
    flow:
      w[C] ||| w[0];
  }
}
Module W { void run() {} }

// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// An error inside a sub-root is reported once, not once per instance of the
// sub-root (each instance's body is checked on its own).
Module Stage is Root requires W {
  void initialize() {
// CHECK: fail_subroot_errors_once.asp:[[@LINE+1]]:9: error: a vector needs between 1 and 16777216 instances, not 0
    W w[0];
    flow:
      Input ||| w ||| Output;
// CHECK: fail_subroot_errors_once.asp:[[@LINE+1]]:7: error: no instance, net or box named 'x' in root module 'Stage'
      x ||| w;
  }
}
Module Main is Root requires W, Stage {
  void initialize() {
    Stage s[3];
    W a;
    flow:
      a ||| s ||| a;
  }
}
Module W { void run() { } }

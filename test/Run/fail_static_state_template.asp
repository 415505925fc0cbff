// RUN: not %aspenc -w %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// Static state in a member template is reported once, not once per
// instantiation as well as for the template.
Module Main is Root requires A {
  void initialize() {
    A a;
    flow:
      a ||| a;
  }
}
Module A {
// CHECK: fail_static_state_template.asp:[[@LINE+1]]:51: error: 'k' is static state in module 'A'; module instances share no state, so make it a member
  template <typename T> int tcount() { static int k = 0; return ++k; }
  void run() { tcount<int>(); tcount<long>(); }
}

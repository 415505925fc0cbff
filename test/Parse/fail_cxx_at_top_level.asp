// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A beginner's helper function at top level: the error says what may stand
// there, and a note says where the helper goes instead.
// CHECK: fail_cxx_at_top_level.asp:[[@LINE+2]]:1: error: expected 'Module', 'Declare Module', 'net' or a preprocessor line at top level, found 'int'
// CHECK: fail_cxx_at_top_level.asp:[[@LINE+1]]:1: note: C++ goes inside a module: a helper function or variable as its member, or in a header that an #include line at top level brings in
int twice(int x) { return 2 * x; }
Module Main is Root requires Module A {
  void initialize() { A a; }
}
Module A { void run() { } }

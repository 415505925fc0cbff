// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A keyword in other capitals gets clang's kind of hint.
// CHECK: fail_keyword_case.asp:[[@LINE+1]]:16: error: unexpected 'root' (did you mean 'Root'?)
Module Main is root requires Module A {
  void initialize() { A a; }
}
Module A { void run() { } }

// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// A C++ syntax error that aspenc's own parser lets through (brackets
// balance) is reported by Clang at the .asp location.
#include <aspen/runtime.h>

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
  }
}

Module A {
  void run() {
// CHECK: fail_cxx_syntax.asp:[[@LINE+1]]:14: error: expected ';' at end of declaration
    int x = 1
    int y = x;
// CHECK: fail_cxx_syntax.asp:[[@LINE+1]]:16: error: expected expression
    int z = y +;
  }
}

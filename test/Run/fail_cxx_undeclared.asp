// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// Clang's errors in module code are reported at the .asp file, line and
// column, also inside and after the parts aspenc rewrites (send, dequeue,
// getPayload), and in every module, not just the first.
#include <aspen/runtime.h>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}

Module A {
  void run() {
// CHECK: fail_cxx_undeclared.asp:[[@LINE+1]]:14: error: use of undeclared identifier 'undefinedThing'
    long x = undefinedThing + 1;
// CHECK: fail_cxx_undeclared.asp:[[@LINE+1]]:10: error: use of undeclared identifier 'missing'
    send missing;
// CHECK: fail_cxx_undeclared.asp:[[@LINE+1]]:38: error: use of undeclared identifier 'nope'
    send QueueElement(); int y = x + nope;
  }
}

Module B {
  void run() {
// CHECK: fail_cxx_undeclared.asp:[[@LINE+1]]:22: error: use of undeclared identifier 'convert'
    QueueElement e = convert(dequeue());
// CHECK: fail_cxx_undeclared.asp:[[@LINE+1]]:39: error: use of undeclared identifier 'notDeclaredYet'
    double *d = getPayload(e); d[0] = notDeclaredYet;
  }
}

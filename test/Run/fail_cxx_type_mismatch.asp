// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// Type errors in module code, in a data_section and in a body, at their
// .asp line and column.
#include <string>
#include <aspen/runtime.h>
#include "Inputs/trace.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}

Declare Module A {
  data_section {
// CHECK: fail_cxx_type_mismatch.asp:[[@LINE+1]]:17: error: cannot initialize a member subobject of type 'int' with an lvalue of type 'const char[5]'
    int count = "text";
  }
}

Module A {
  void run() {
// CHECK: fail_cxx_type_mismatch.asp:[[@LINE+1]]:27: error: no matching constructor for initialization of 'Trace'
    send QueueElement(new Trace("x"));
  }
}

Module B {
  void run() {
    QueueElement e = dequeue();
// CHECK: fail_cxx_type_mismatch.asp:[[@LINE+1]]:10: error: no viable conversion from 'Trace' to 'int *'
    int *p = getPayload<Trace>(e);
// CHECK: fail_cxx_type_mismatch.asp:[[@LINE+1]]:17: error: no viable conversion from 'int' to 'std::string'
    std::string s = getPayload<Trace>(e).value;
  }
}

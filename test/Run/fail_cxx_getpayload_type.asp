// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// Errors in the type argument of getPayload<T> and in the instantiation it
// requests are reported at the columns of the .asp file: rewriting
// getPayload must not shift them.
#include <vector>
#include <aspen/runtime.h>

Module Main is Root requires Module A {
  void initialize() {
    A a;
    flow:
  }
}

Module A {
  void run() {
    QueueElement e = dequeue();
// CHECK: fail_cxx_getpayload_type.asp:[[@LINE+1]]:26: error: use of undeclared identifier 'Unknown'
    auto &u = getPayload<Unknown>(e);
// CHECK: fail_cxx_getpayload_type.asp:[[@LINE+1]]:38: error: use of undeclared identifier 'Nope'
    auto &v = getPayload<std::vector<Nope>>(e);
// CHECK: runtime.h:{{[0-9]+}}:{{[0-9]+}}: error: 'int' is not a class type
// CHECK: fail_cxx_getpayload_type.asp:[[@LINE+1]]:15: note: in instantiation of function template specialization '{{.*}}getPayload<int>' requested here
    auto &w = getPayload<int>(e);
  }
}

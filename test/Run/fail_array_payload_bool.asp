// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// ArrayPayload<bool> would hold a std::vector<bool>, which has no data():
// one clear error instead of a page of them from inside the runtime's
// header.
#include <aspen/runtime.h>

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}
Module B {
  void run() { dequeue(); }
}
Module A {
  void run() {
    // CHECK: runtime.h:{{[0-9]+}}:{{[0-9]+}}: error: static assertion failed{{.*}}: ArrayPayload<bool> is not supported (std::vector<bool> holds bits, not bools): use ArrayPayload<unsigned char>
    // CHECK: fail_array_payload_bool.asp:[[@LINE+1]]:19: note: in instantiation of template class 'aspen::ArrayPayload<bool>' requested here
    auto *b = new ArrayPayload<bool>(4);
    send b;
  }
}

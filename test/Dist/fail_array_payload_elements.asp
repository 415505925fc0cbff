// RUN: not %aspenc %s --hostfile %S/Inputs/nodes2 -o %t 2>&1 | FileCheck %s
// An ArrayPayload, or a class derived from one, whose elements are not
// their bytes cannot cross nodes: a compile-time error naming the type, the
// edge and the element type, with a note where a module makes the array
// (before: it compiled, and the job stopped at run time; a derived class
// of ArrayPayload<std::string> sent the strings' pointers).
#include "Inputs/elements.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+4]]:7: error: payload class 'Texts' cannot cross from node '127.0.0.1' to node '127.0.0.2' on edge 'a -> b': its base class 'aspen::ArrayPayload<std::string>' holds 'std::basic_string<char>' elements, and an array payload crosses nodes as the bytes of its elements
      // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+3]]:7: error: payload class 'aspen::ArrayPayload<Padded>' cannot cross {{.*}}: it holds 'Padded' elements
      // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+2]]:7: error: payload class 'aspen::ArrayPayload<std::basic_string<char>>' cannot cross {{.*}}: it holds 'std::basic_string<char>' elements
      // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+1]]:7: error: payload class 'aspen::ArrayPayload<int *>' cannot cross {{.*}}: it holds 'int *' elements
      a ||| b;
  }
}
Module A {
  void run() {
    // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+1]]:10: note: 'aspen::ArrayPayload<Padded>' is made here
    send new ArrayPayload<Padded>(1);
    // CHECK-DAG: fail_array_payload_elements.asp:[[@LINE+1]]:10: note: 'aspen::ArrayPayload<std::basic_string<char>>' is made here
    send new ArrayPayload<std::string>(1);
    send new Texts();
    send new ArrayPayload<int *>(1);
  }
}
Module B {
  void run() {
    while (dequeue()) {
    }
  }
}

// RUN: not %aspenc -w %s --hostfile %S/Inputs/nodes2 -o %t 2>&1 | FileCheck %s
// Fields no wire format can carry are compile-time errors naming the field
// and the reason (before: the generated wire code failed to compile, with
// an excerpt of the wrong file): __int128, a const part the reader would
// have to assign, and an array of no elements.
#include "Inputs/odd-parts.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      // CHECK-DAG: fail_payload_odd_parts.asp:[[@LINE+3]]:7: error: payload class 'Wide' cannot cross {{.*}} field 'big' has type '__int128' (it has no wire format)
      // CHECK-DAG: fail_payload_odd_parts.asp:[[@LINE+2]]:7: error: payload class 'Keyed' cannot cross {{.*}} field 'entry' has type 'std::pair<const int, int>', and 'const int' in it cannot be sent (a const part cannot be read into)
      // CHECK-DAG: fail_payload_odd_parts.asp:[[@LINE+1]]:7: error: payload class 'Hollow' cannot cross {{.*}} field 'none' has type 'int[0]' (an array of no elements)
      a ||| b;
  }
}
Module A {
  void run() {
    send new Wide();
    send new Keyed();
    send new Hollow();
  }
}
Module B {
  void run() {
    while (dequeue()) {
    }
  }
}

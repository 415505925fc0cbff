// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// Module instances share no state: a static data member (in the body or in
// the data_section) and a static local variable are errors at their line
// and column, also inside a lambda. Constants and static member functions
// are fine.
#include <aspen/runtime.h>

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
// CHECK: fail_static_state.asp:[[@LINE+1]]:16: error: 'shared' is static state in module 'A'; module instances share no state, so make it a member
    static int shared;
    int own = 0;
  }
}

Module A {
// CHECK: fail_static_state.asp:[[@LINE+1]]:22: error: 'total' is static state in module 'A'; module instances share no state, so make it a member
  static inline long total = 0;
  static constexpr int Limit = 10;
  static const int Other = 3;
  static int twice(int x) { return 2 * x; }

  void run() {
    for (int i = 0; i < Limit + Other; ++i)
      own += twice(i);
    send QueueElement(new ArrayPayload<int>(1));
  }
}

Module B {
  void run() {
// CHECK: fail_static_state.asp:[[@LINE+1]]:16: error: 'calls' is static state in module 'B'; module instances share no state, so make it a member
    static int calls = 0;
    static const char *const name = "b";
    ++calls;
    (void)name;
    auto next = [] {
// CHECK: fail_static_state.asp:[[@LINE+1]]:18: error: 'counter' is static state in module 'B'; module instances share no state, so make it a member
      static int counter = 0;
      return ++counter;
    };
    next();
    dequeue();
  }
}

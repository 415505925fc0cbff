// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// A thread_local variable in a module is shared by every instance that runs
// on the same worker thread, and instances move between workers: it is
// shared state like a static one.
#include <aspen/runtime.h>

Module Main is Root requires Module A {
  void initialize() {
    A a[2];
    flow:
  }
}

Declare Module A {
  data_section {
// CHECK: fail_static_thread_local.asp:[[@LINE+1]]:29: error: 'perWorker' is static state in module 'A'; module instances share no state, so make it a member
    static thread_local int perWorker;
  }
}

Module A {
  void run() {
// CHECK: fail_static_thread_local.asp:[[@LINE+1]]:22: error: 'calls' is static state in module 'A'; module instances share no state, so make it a member
    thread_local int calls = 0;
    ++calls;
    perWorker += calls;
  }
}

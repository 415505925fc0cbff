// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=modules.cpp
// Every action module defines 'void run()' with no parameters. A module
// without it is an error at the module's name, whatever it has instead.
#include <aspen/runtime.h>

Module Main is Root requires Module None, Module Wrong, Module Params, Module Fine {
  void initialize() {
    None n;
    Wrong w;
    Params p;
    Fine f;
    flow:
      n ||| w ||| p ||| f;
  }
}

// CHECK-DAG: fail_no_run.asp:[[@LINE+1]]:8: error: module 'None' must define 'void run()'
Module None {
  void start() { send QueueElement(); }
}

// CHECK-DAG: fail_no_run.asp:[[@LINE+1]]:10: error: module 'Wrong' must define 'void run()'
  Module Wrong {
// CHECK-DAG: fail_no_run.asp:[[@LINE+1]]:7: error: virtual function 'run' has a different return type ('int') than the function it overrides (which has return type 'void')
  int run() { send dequeue(); return 0; }
}

// CHECK-DAG: fail_no_run.asp:[[@LINE+1]]:8: error: module 'Params' must define 'void run()'
Module Params {
  void run(int times) { send dequeue(); }
}

Module Fine {
  void run() { dequeue(); }
}

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A 'Declare Module' block only adds queues and data to a module that is
// also defined.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }
// CHECK: fail_declare_without_module.asp:[[@LINE+1]]:16: error: module 'Ghost' is declared but never defined; add 'Module Ghost { ... }'{{$}}
Declare Module Ghost {
  Output:
    Output Queue is out;
}

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Two definitions of one action module.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }
// CHECK: fail_redefinition_module.asp:[[@LINE+2]]:8: error: redefinition of module 'Worker'{{$}}
// CHECK: fail_redefinition_module.asp:[[@LINE-2]]:8: note: previous definition of 'Worker' is here{{$}}
Module Worker { void run() { } }

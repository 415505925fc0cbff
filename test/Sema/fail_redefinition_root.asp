// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A root module and an action module cannot share a name.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }
// CHECK: fail_redefinition_root.asp:[[@LINE+2]]:8: error: redefinition of root module 'Main'{{$}}
// CHECK: fail_redefinition_root.asp:[[@LINE-9]]:8: note: previous definition of 'Main' is here{{$}}
Module Main { void run() { } }

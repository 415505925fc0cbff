// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An instance declaration must name a module the program defines.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_unknown_module_decl.asp:[[@LINE+1]]:5: error: unknown module 'Wroker'{{$}}
    Wroker b;
  }
}
Module Worker { void run() { } }

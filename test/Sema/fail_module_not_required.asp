// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A root module may only instantiate modules it lists in 'requires'.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_module_not_required.asp:[[@LINE+1]]:5: error: module 'Logger' is used but not listed in the 'requires' of 'Main'{{$}}
    Logger h;
    flow:
      a ||| h;
  }
}
Module Worker { void run() { } }
Module Logger { void run() { } }

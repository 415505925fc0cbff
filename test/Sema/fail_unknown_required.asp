// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Every name in 'requires' must be a module defined somewhere in the program.
// CHECK: fail_unknown_required.asp:[[@LINE+1]]:52: error: unknown module 'Missing' in 'requires'{{$}}
Module Main is Root requires Module Worker, Module Missing {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

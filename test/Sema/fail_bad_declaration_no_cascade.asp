// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A declarator rejected for its size still declares the name: later uses
// of 'w' must not add "no instance named 'w'" errors on top of the real one.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a;
// CHECK: fail_bad_declaration_no_cascade.asp:[[@LINE+1]]:14: error: a vector needs between 1 and 16777216 instances, not 0{{$}}
    Worker w[0];
    flow:
      a ||| w;
      w[0] ||| a;
  }
}
Module Worker { void run() { } }

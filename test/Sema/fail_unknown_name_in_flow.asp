// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A flow may only connect names declared in its root module.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w[2];
    flow:
// CHECK: fail_unknown_name_in_flow.asp:[[@LINE+1]]:13: error: no instance, net or box named 'v' in root module 'Main'{{$}}
      w ||| v[0];
  }
}
Module Worker { void run() { } }

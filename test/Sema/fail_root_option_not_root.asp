// RUN: not %aspenc --dump-graph --root=Worker %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// An action module is not a root module, even if it exists.
// CHECK: {{^}}aspenc: error: --root=Worker names no root module{{$}}
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph --root=Nope %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// --root must name a root module of the program.
// CHECK: {{^}}aspenc: error: --root=Nope names no root module{{$}}
Module Main is Root requires Module Worker {
  void initialize() {
    Worker a, b;
    flow:
      a ||| b;
  }
}
Module Worker { void run() { } }

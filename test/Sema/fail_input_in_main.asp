// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Only a root module that another root requires has an Input boundary.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w;
    flow:
// CHECK: fail_input_in_main.asp:[[@LINE+1]]:7: error: 'Input' is the boundary of a sub-root, but 'Main' is the main root module{{$}}
      Input ||| w;
  }
}
Module Worker { void run() { dequeue(); } }

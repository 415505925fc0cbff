// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The main root module has no Output boundary either, named queue or not.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w;
    flow:
// CHECK: fail_output_in_main.asp:[[@LINE+1]]:13: error: 'Output' is the boundary of a sub-root, but 'Main' is the main root module{{$}}
      w ||| Output.results;
  }
}
Module Worker { void run() { send 1; } }

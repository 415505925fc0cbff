// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// On the right of '|||', 'x.q' names an input queue of x.
Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p;
    Consumer c[2];
    flow:
// CHECK: fail_unknown_input_queue.asp:[[@LINE+2]]:20: error: module 'Consumer' has no input queue 'inbox'{{$}}
// CHECK: fail_unknown_input_queue.asp:[[@LINE+5]]:8: note: 'Consumer' is declared here{{$}}
      p ||| c[0:1].inbox;
  }
}
Module Producer { void run() { send 1; } }
Module Consumer { void run() { dequeue(); } }

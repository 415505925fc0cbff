// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// 'send x;' with nothing connected to the default output queue; the named
// queue 'out' is connected, which does not count.
Module Main is Root requires Module Worker, Module Sink {
  void initialize() {
// CHECK: warn_default_output_nowhere.asp:[[@LINE+1]]:12: warning: the default output queue of 'w' goes nowhere{{$}}
    Worker w;
    Sink sink;
    flow:
      w.out ||| sink;
  }
}
Declare Module Worker {
  Output:
    Output Queue is out;
}
Module Worker { void run() { send 1 on out; send 2; } }
Module Sink { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}

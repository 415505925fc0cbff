// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A declared output queue that no flow reads from.
Module Main is Root requires Module Producer, Module Sink {
  void initialize() {
// CHECK: warn_output_queue_nowhere.asp:[[@LINE+1]]:14: warning: output queue 'log' of 'p[0:2]' goes nowhere{{$}}
    Producer p[3];
    Sink sink;
    flow:
      p.main ||| sink;
  }
}
Declare Module Producer {
  Output:
    Output Queue is main, log;
}
Module Producer { void run() { send 1 on main; send 2 on log; } }
Module Sink { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}

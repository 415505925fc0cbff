// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Fig. 5 of the Aspen paper: r1 feeds p[0] and p[2], r2 feeds p[3], and
// nothing feeds p[1], although Parallel dequeues. One warning names exactly
// p[1]; outQueue1 of p[0] and p[3] goes nowhere.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
// CHECK: warn_default_input_not_fed_vector.asp:[[@LINE+2]]:14: warning: output queue 'outQueue1' of 'p[0], p[3]' goes nowhere{{$}}
// CHECK: warn_default_input_not_fed_vector.asp:[[@LINE+1]]:14: warning: the default input queue of 'p[1]' is not fed by any flow{{$}}
    Parallel p[4];
    Reduce r1, r2;
    flow :
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  }
}
Declare Module Parallel {
  Output:
    Output Queue is outQueue1;
}
Module Parallel {
  void run() {
    send 1;
    if (instanceIndex() == 1 || instanceIndex() == 2) send 2 on outQueue1;
    dequeue();
  }
}
// CHECK: {{^}}Program Main{{$}}

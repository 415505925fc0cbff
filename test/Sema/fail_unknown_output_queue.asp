// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// On the left of '|||', 'x.q' names an output queue of x. The note points at
// the 'Declare Module' block, which is where the module's queues are listed.
Module Main is Root requires Module Producer, Module Consumer {
  void initialize() {
    Producer p;
    Consumer c;
    flow:
// CHECK: fail_unknown_output_queue.asp:[[@LINE+2]]:9: error: module 'Producer' has no output queue 'result'{{$}}
// CHECK: fail_unknown_output_queue.asp:[[@LINE+4]]:16: note: 'Producer' is declared here{{$}}
      p.result ||| c;
  }
}
Declare Module Producer {
  Output:
    Output Queue is out;
}
Module Producer { void run() { send 1 on out; } }
Module Consumer { void run() { dequeue(); } }

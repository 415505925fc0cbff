// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// 'send ... on q' needs q among the module's output queues; an input queue of
// the same name does not count.
Module Main is Root requires Module Producer {
  void initialize() {
    Producer a, b;
    flow:
      a.out ||| b.status;
  }
}
Declare Module Producer {
  Input:
    Input Queue is status;
  Output:
    Output Queue is out;
}
Module Producer {
  void run() {
    send 1 on out;
// CHECK: fail_send_unknown_queue.asp:[[@LINE+1]]:15: error: 'send ... on status': module 'Producer' declares no output queue 'status'{{$}}
    send 2 on status;
  }
}

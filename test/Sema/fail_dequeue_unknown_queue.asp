// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// 'dequeue(q)' needs q among the module's input queues.
Module Main is Root requires Module Consumer {
  void initialize() {
    Consumer a, b;
    flow:
      a.out ||| b.jobs;
  }
}
Declare Module Consumer {
  Input:
    Input Queue is jobs;
  Output:
    Output Queue is out;
}
Module Consumer {
  void run() {
    QueueElement e = dequeue(jobs);
// CHECK: fail_dequeue_unknown_queue.asp:[[@LINE+1]]:30: error: 'dequeue(out)': module 'Consumer' declares no input queue 'out'{{$}}
    QueueElement f = dequeue(out);
    send e on out;
  }
}

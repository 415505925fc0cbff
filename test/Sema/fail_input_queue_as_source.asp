// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// 'jobs' is an input queue of Relay; on the left of '|||' only output queues
// can be named. The note points at the Declare Module listing Relay's queues.
Module Main is Root requires Module Relay {
  void initialize() {
    Relay a, b;
    flow:
// CHECK: fail_input_queue_as_source.asp:[[@LINE+2]]:9: error: module 'Relay' has no output queue 'jobs'{{$}}
// CHECK: fail_input_queue_as_source.asp:[[@LINE+4]]:16: note: 'Relay' is declared here{{$}}
      a.jobs ||| b.jobs;
  }
}
Declare Module Relay {
  Input:
    Input Queue is jobs;
}
Module Relay { void run() { send dequeue(jobs); } }

// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A declared input queue that no flow feeds: whatever reads it waits
// forever.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
// CHECK: warn_input_queue_not_fed.asp:[[@LINE+1]]:10: warning: input queue 'control' of 'sink' is not fed by any flow{{$}}
    Sink sink;
    flow:
      src ||| sink.data;
  }
}
Declare Module Sink {
  Input:
    Input Queue is data, control;
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(data); dequeue(control); } }
// CHECK: {{^}}Program Main{{$}}

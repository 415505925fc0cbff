// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// relay calls dequeue() but nothing flows into it (it is only a source).
Module Main is Root requires Module Relay, Module Sink {
  void initialize() {
// CHECK: warn_default_input_not_fed.asp:[[@LINE+1]]:11: warning: the default input queue of 'relay' is not fed by any flow{{$}}
    Relay relay;
    Sink sink;
    flow:
      relay ||| sink;
  }
}
Module Relay { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}

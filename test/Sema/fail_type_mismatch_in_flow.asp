// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The same check for a network written directly in a flow statement.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_type_mismatch_in_flow.asp:[[@LINE+1]]:30: error: records of type {b} reach box 'Gen', which accepts only {x}{{$}}
      src ||| Gen .. Work .. Gen ||| sink;
  }
}
Module Gen is Box ({x} -> {a}) { void box() { } }
Module Work is Box ({a} -> {b}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

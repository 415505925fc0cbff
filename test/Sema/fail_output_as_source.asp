// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Inside a sub-root, Output is only ever a target.
Module Main is Root requires Module Sink, Module Stage {
  void initialize() {
    Sink sink;
    Stage s;
    flow:
      s ||| sink;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w;
    flow:
      w ||| Output;
// CHECK: fail_output_as_source.asp:[[@LINE+1]]:7: error: 'Output' is where messages leave this root module; it cannot send them{{$}}
      Output ||| w;
  }
}
Module Sink { void run() { dequeue(); } }
Module W { void run() { send dequeue(); } }

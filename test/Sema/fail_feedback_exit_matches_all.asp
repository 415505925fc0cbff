// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A feedback loop sends every record matching {} back: none leaves.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_feedback_exit_matches_all.asp:[[@LINE+1]]:22: error: pattern {} matches every record: this feedback would never let a record out{{$}}
      src ||| Step \ {} ||| sink;
  }
}
Module Step is Box ({a} -> {a} | {a, <done>}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The star taps records matching {} before the first replica: all of them.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_star_exit_matches_all.asp:[[@LINE+1]]:22: error: pattern {} matches every record: this star would never run its operand{{$}}
      src ||| Step * {} ||| sink;
  }
}
Module Step is Box ({a} -> {a} | {a, <done>}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

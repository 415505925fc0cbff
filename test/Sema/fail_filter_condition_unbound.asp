// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A conditional filter's condition reads only tags its pattern binds.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_filter_condition_unbound.asp:[[@LINE+1]]:41: error: filter condition uses tag 'k', which its pattern does not bind{{$}}
      src ||| [{a, <n>} -> if <n > 1 && k> then {a} else {}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A tag computed by a filter may only read tags its pattern binds.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_filter_unbound_tag_expr.asp:[[@LINE+1]]:41: error: filter output uses '<m>', which its pattern does not bind{{$}}
      src ||| [{a, <n>} -> {a, <k = n + m>}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

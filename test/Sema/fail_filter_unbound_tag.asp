// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A tag kept by a filter must be bound by its pattern.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_filter_unbound_tag.asp:[[@LINE+1]]:38: error: filter output uses '<t>', which its pattern does not bind{{$}}
      src ||| [{a, <n>} -> {a, <n>, <t>}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A tag kept by a filter that its pattern does not bind is a new tag with
// the value 0, as in S-Net; a warning, since it is easily a slip.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: warn_filter_tag_zero.asp:[[@LINE+1]]:38: warning: filter output tag '<t>' is not bound by its pattern, so it is a new tag with the value 0; write '<t = 0>' if that is meant{{$}}
      src ||| [{a, <n>} -> {a, <n>, <t>}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK: Filter [{a, <n>} -> {a, <n>, <t=0>}]

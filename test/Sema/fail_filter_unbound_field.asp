// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A filter can only copy or rename fields its pattern binds.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_filter_unbound_field.asp:[[@LINE+1]]:36: error: filter output uses 'c', which its pattern does not bind{{$}}
      src ||| [{a, b} -> {a}; {d = c}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

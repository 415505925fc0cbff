// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Keeping a field (no '=') also needs it in the pattern.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_filter_unbound_kept_field.asp:[[@LINE+1]]:27: error: filter output uses 'b', which its pattern does not bind{{$}}
      src ||| [{a} -> {a, b}] ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

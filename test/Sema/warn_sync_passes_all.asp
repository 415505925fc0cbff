// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A synchro-cell passes records that match none of its patterns on
// unchanged, as in S-Net; a cell that can do nothing else is a warning.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: warn_sync_passes_all.asp:[[@LINE+1]]:22: warning: records of type {x} reach this synchro-cell, but none matches any of its patterns: it passes them all on unchanged{{$}}
      src ||| Gen .. [| {a}, {b} |] ||| sink;
  }
}
Module Gen is Box ({in} -> {x}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:      Sync [| {a}, {b} |]
// CHECK-NEXT:   type {x} -> {x}

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Every record matching {a, b} also matches {a}.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_sync_subsumed.asp:[[@LINE+1]]:23: error: synchro-cell pattern {a} also matches every record of pattern {a, b}, so records could never be told apart{{$}}
net N connect [| {a}, {a, b} |];
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

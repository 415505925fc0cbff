// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Two equal patterns subsume each other; it is reported once, at the second.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_sync_same_pattern.asp:[[@LINE+1]]:33: error: synchro-cell pattern {b, <t>} also matches every record of pattern {b, <t>}, so records could never be told apart{{$}}
net N connect [| {a}, {b, <t>}, {<t>, b} |];
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

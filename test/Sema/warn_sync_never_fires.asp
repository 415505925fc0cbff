// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A synchro-cell one of whose patterns no arriving record matches never
// merges: the first record of the other pattern waits for ever.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: warn_sync_never_fires.asp:[[@LINE+1]]:22: warning: no record reaching this synchro-cell matches its pattern {b}, so it never merges: it keeps the first record of each other pattern for ever{{$}}
      src ||| Gen .. [| {a}, {b} |] ||| sink;
  }
}
Module Gen is Box ({in} -> {a} | {c}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

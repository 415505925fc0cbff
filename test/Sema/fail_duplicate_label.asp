// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A record has each label once. The box is used in a flow too, and the
// error is still reported once.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Mix ||| sink;
  }
}
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK: fail_duplicate_label.asp:[[@LINE+1]]:27: error: label 'a' appears twice in a record type{{$}}
Module Mix is Box ({a, b, a} -> {c}) { void box() { } }

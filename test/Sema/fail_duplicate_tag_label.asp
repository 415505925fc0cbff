// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Tags too: an output type of a net signature with <t> twice.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_duplicate_tag_label.asp:[[@LINE+1]]:25: error: label '<t>' appears twice in a record type{{$}}
net N ({a} -> {a, <t>, <t>}) connect Tag;
Module Tag is Box ({a} -> {a, <t>}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A second 'flow:' label, with a note at the first one.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    flow:
      a ||| b;
// CHECK: fail_duplicate_flow_label.asp:[[@LINE+2]]:5: error: second 'flow:' label in initialize(){{$}}
// CHECK: fail_duplicate_flow_label.asp:[[@LINE-3]]:5: note: previous 'flow:' is here{{$}}
    flow:
      b ||| a;
  }
}

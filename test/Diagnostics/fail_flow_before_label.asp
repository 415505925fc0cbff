// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Flow statements come after the 'flow:' label.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
// CHECK: fail_flow_before_label.asp:[[@LINE+1]]:5: error: flow statement before 'flow:'{{$}}
    a ||| b;
    flow:
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A flow statement needs at least two stages joined by '|||'.
Module Main is Root requires Module W {
  void initialize() {
    W p[2];
    flow:
// CHECK: fail_flow_single_stage.asp:[[@LINE+1]]:11: error: expected '|||' in flow statement, found ';'{{$}}
      p[0];
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A slice has exactly two bounds.
Module Main is Root requires Module W {
  void initialize() {
    W p[8];
    flow:
// CHECK: fail_slice_three_bounds.asp:[[@LINE+1]]:12: error: expected ']' in instance reference, found ':'{{$}}
      p[1:2:3] ||| p[0];
  }
}

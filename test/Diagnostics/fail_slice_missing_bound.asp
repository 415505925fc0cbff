// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A slice needs its upper bound; there is no open-ended 'p[1:]'.
Module Main is Root requires Module W {
  void initialize() {
    W p[8];
    flow:
// CHECK: fail_slice_missing_bound.asp:[[@LINE+1]]:11: error: expected '(', '-', identifier or integer in integer expression, found ']'{{$}}
      p[1:] ||| p[0];
  }
}

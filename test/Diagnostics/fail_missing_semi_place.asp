// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A placement without ';'.
Module Main is Root requires Module W {
  void initialize() {
    W p[2];
// CHECK: fail_missing_semi_place.asp:[[@LINE+1]]:30: error: expected ';' after placement{{$}}
    place p[0], p[1] on node0
    flow:
      p[0] ||| p[1];
  }
}

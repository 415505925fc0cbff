// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A constant declaration without ';'.
Module Main is Root requires Module W {
  void initialize() {
// CHECK: fail_missing_semi_const.asp:[[@LINE+1]]:20: error: expected ';' after constant declaration{{$}}
    const int N = 4
    W p[N];
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// 2^63 is one more than the largest integer aspenc accepts.
Module Main is Root {
  void initialize() {
// CHECK: fail_integer_too_large.asp:[[@LINE+1]]:19: error: integer '9223372036854775808' does not fit in 63 bits{{$}}
    const int N = 9223372036854775808;
  }
}

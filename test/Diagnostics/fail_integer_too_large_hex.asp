// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A hexadecimal literal too large even for 64 bits is still an integer that
// does not fit, not something other than an integer.
Module Main is Root {
  void initialize() {
// CHECK: fail_integer_too_large_hex.asp:[[@LINE+1]]:19: error: integer '0x1FFFFFFFFFFFFFFFF' does not fit in 63 bits{{$}}
    const int N = 0x1FFFFFFFFFFFFFFFF;
  }
}

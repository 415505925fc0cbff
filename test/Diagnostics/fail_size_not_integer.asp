// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Vector sizes are integers.
Module Main is Root requires Module W {
  void initialize() {
// CHECK: fail_size_not_integer.asp:[[@LINE+1]]:9: error: expected an integer, found '1.5'{{$}}
    W p[1.5];
  }
}

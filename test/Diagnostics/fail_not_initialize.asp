// RUN: not %aspenc %s 2>&1 | FileCheck %s
// The function of a root module must be called initialize.
Module Main is Root {
// CHECK: fail_not_initialize.asp:[[@LINE+1]]:8: error: a root module defines 'void initialize()', not 'init'{{$}}
  void init() {
  }
}

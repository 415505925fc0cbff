// RUN: not %aspenc %s 2>&1 | FileCheck %s
// An instance declaration without ';'.
Module Main is Root requires Module W {
  void initialize() {
// CHECK: fail_missing_semi_instance_decl.asp:[[@LINE+1]]:11: error: expected ';' after instance declaration{{$}}
    W p[4]
    flow:
      p ||| p[0];
  }
}

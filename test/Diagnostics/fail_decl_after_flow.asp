// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Instance declarations belong before 'flow:'.
Module Main is Root requires Module W {
  void initialize() {
    W a;
    flow:
      a ||| a;
// CHECK: fail_decl_after_flow.asp:[[@LINE+1]]:5: error: an instance declaration must come before 'flow:'{{$}}
    W b;
  }
}

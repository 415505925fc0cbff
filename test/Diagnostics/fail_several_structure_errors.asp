// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Errors found after parsing do not stop at the first one: each misplaced
// declaration and each mislabelled queue is reported.
Module Main is Root requires Module W {
  void initialize() {
    flow:
// CHECK: fail_several_structure_errors.asp:[[@LINE+1]]:5: error: an instance declaration must come before 'flow:'{{$}}
    W a;
// CHECK: fail_several_structure_errors.asp:[[@LINE+1]]:5: error: a constant declaration must come before 'flow:'{{$}}
    const int N = 2;
  }
}
Declare Module W {
  Input:
// CHECK: fail_several_structure_errors.asp:[[@LINE+1]]:5: error: 'Output Queue' declared under 'Input:'{{$}}
    Output Queue is result;
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A trailing comma in a stage.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    flow:
// CHECK: fail_empty_stage_after_comma.asp:[[@LINE+1]]:16: error: expected an instance, a collective such as 'r(sum)', or a network expression in flow statement, found ';'{{$}}
      a ||| b, ;
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Two '|||' in a row leave an empty stage.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    flow:
// CHECK: fail_empty_stage.asp:[[@LINE+1]]:13: error: expected an instance, a collective such as 'r(sum)', or a network expression in flow statement, found '|||'{{$}}
      a ||| ||| b;
  }
}

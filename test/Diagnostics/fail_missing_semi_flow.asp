// RUN: not %aspenc %s 2>&1 | FileCheck %s --strict-whitespace
// A flow statement without ';': the error points just after its last token,
// not at the '}' on the next line, and shows the line with a caret and,
// as clang does, the ';' to insert there.
Module Main is Root requires Module W {
  void initialize() {
    W a, b;
    flow:
// CHECK: fail_missing_semi_flow.asp:[[@LINE+4]]:14: error: expected ';' after flow statement{{$}}
// CHECK-NEXT: {{^}}      a ||| b{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NEXT: {{^}}             ;{{$}}
      a ||| b
  }
}

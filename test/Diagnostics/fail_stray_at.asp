// RUN: not %aspenc %s 2>&1 | FileCheck %s --strict-whitespace
// '@' is not part of the language; the source line and a caret follow.
Module Main is Root requires Module W {
  void initialize() {
// CHECK: fail_stray_at.asp:[[@LINE+3]]:7: error: unexpected character '@'{{$}}
// CHECK-NEXT: {{^}}    W @a;{{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
    W @a;
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s --strict-whitespace
// A ')' where the innermost open bracket is a '{'.
Module Worker {
// CHECK: fail_paren_closes_brace.asp:[[@LINE+7]]:3: error: expected '}' to close '{'{{$}}
// CHECK-NEXT: {{^}}  ){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: fail_paren_closes_brace.asp:[[@LINE+1]]:14: note: to match this '{'{{$}}
  void run() {
// CHECK-NEXT: {{^}}  void run() {{{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
  )
}

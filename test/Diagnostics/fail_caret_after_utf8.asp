// RUN: not %aspenc %s 2>&1 | FileCheck %s --strict-whitespace
// Columns and the caret count code points, so non-ASCII text earlier on the
// line does not shift them.
// CHECK: fail_caret_after_utf8.asp:[[@LINE+3]]:33: error: expected ';' after net definition{{$}}
// CHECK-NEXT: {{^}}net N /* π → ∑ */ connect A .. B{{$}}
// CHECK-NEXT: {{^}}                                ^{{$}}
net N /* π → ∑ */ connect A .. B

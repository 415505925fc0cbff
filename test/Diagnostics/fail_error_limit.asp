// RUN: not %aspenc --error-limit=2 %s 2>&1 | FileCheck %s
// RUN: not %aspenc --error-limit=0 %s 2>&1 | FileCheck %s --check-prefix=ALL
// --error-limit=N prints N errors and then says it stops; 0 means no limit.
// CHECK: fail_error_limit.asp:[[@LINE+10]]:17: error: unexpected character '@'{{$}}
// CHECK: fail_error_limit.asp:[[@LINE+9]]:19: error: unexpected character '#'{{$}}
// CHECK-NOT: unexpected character
// CHECK: {{^}}aspenc: error: too many errors emitted, stopping now{{$}}
// CHECK-NOT: unexpected character
// ALL: fail_error_limit.asp:[[@LINE+5]]:17: error: unexpected character '@'{{$}}
// ALL: fail_error_limit.asp:[[@LINE+4]]:19: error: unexpected character '#'{{$}}
// ALL: fail_error_limit.asp:[[@LINE+3]]:21: error: unexpected character '`'{{$}}
// ALL: fail_error_limit.asp:[[@LINE+2]]:23: error: unexpected character '@'{{$}}
// ALL-NOT: too many errors
net N connect A @ # ` @ B;

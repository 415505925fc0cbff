// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Every stray character is reported, not only the first.
// CHECK: fail_stray_backtick.asp:[[@LINE+2]]:15: error: unexpected character '`'{{$}}
// CHECK: fail_stray_backtick.asp:[[@LINE+1]]:17: error: unexpected character '`'{{$}}
net N connect `A`;

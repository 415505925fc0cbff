// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A conditional filter ends with an `else` branch, as in S-Net.
// CHECK: fail_filter_missing_else.asp:[[@LINE+1]]:45: error: expected 'else' in conditional filter, found ']'{{$}}
net N connect [ {<n>} -> if <n > 1> then {} ];

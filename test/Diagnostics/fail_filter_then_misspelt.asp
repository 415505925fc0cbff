// RUN: not %aspenc %s 2>&1 | FileCheck %s
// `then` and `else` are words a conditional filter checks by name.
// CHECK: fail_filter_then_misspelt.asp:[[@LINE+1]]:37: error: expected 'then' in conditional filter, found 'than'{{$}}
net N connect [ {<n>} -> if <n > 1> than {<n>} else {} ];

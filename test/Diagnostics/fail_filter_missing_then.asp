// RUN: not %aspenc %s 2>&1 | FileCheck %s
// `then` follows the condition of a conditional filter.
// CHECK: fail_filter_missing_then.asp:[[@LINE+1]]:37: error: expected 'then' in conditional filter, found '{'{{$}}
net N connect [ {<n>} -> if <n > 1> {<n>} else {} ];

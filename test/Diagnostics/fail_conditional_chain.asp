// RUN: not %aspenc --max-nesting=2 %s 2>&1 | FileCheck %s
// A chain of '?:' longer than the nesting limit in one statement.
// CHECK: fail_conditional_chain.asp:[[@LINE+1]]:42: error: more than 2 '?' operators in one statement{{$}}
net N connect [ {<a>} -> {<b = a ? a ? a ? 1 : 2 : 3 : 4>} ];

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// Parallel and deterministic parallel composition do not mix in one chain.
// CHECK: fail_mixed_parallel.asp:[[@LINE+1]]:21: error: '||' after '|': write parallel and deterministic parallel composition in parentheses of their own{{$}}
net N connect A | B || C;

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// '#include' with nothing after it.
// CHECK: fail_include_without_file.asp:[[@LINE+1]]:1: error: expected "FILE" or <FILE> after '#include'{{$}}
#include
net N connect A;

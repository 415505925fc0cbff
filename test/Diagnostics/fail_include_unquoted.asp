// RUN: not %aspenc %s 2>&1 | FileCheck %s
// The file name of an #include needs quotes or angle brackets.
// CHECK: fail_include_unquoted.asp:[[@LINE+1]]:1: error: expected "FILE" or <FILE> after '#include'{{$}}
#include chemistry.h
net N connect A;

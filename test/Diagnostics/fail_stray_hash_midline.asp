// RUN: not %aspenc %s 2>&1 | FileCheck %s
// '#' starts a preprocessor line only at the beginning of a line.
// CHECK: fail_stray_hash_midline.asp:[[@LINE+1]]:28: error: unexpected character '#'{{$}}
Module W { void run() {} } #include "late.h"

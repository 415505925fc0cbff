// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A module declaration has at most one data_section.
Declare Module Parallel {
  data_section { double *send_buffer1; }
// CHECK: fail_duplicate_data_section.asp:[[@LINE+1]]:3: error: module 'Parallel' has more than one data_section{{$}}
  data_section { double *send_buffer2; }
}

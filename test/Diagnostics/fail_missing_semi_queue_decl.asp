// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A queue declaration without ';'.
Declare Module Parallel {
  Output:
// CHECK: fail_missing_semi_queue_decl.asp:[[@LINE+1]]:35: error: expected ';' after queue declaration{{$}}
    Output Queue is outQueue1, log
}

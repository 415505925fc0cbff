// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A '}' after everything is closed.
Module Worker {
  void run() { }
}
// CHECK: fail_extra_close_brace.asp:[[@LINE+1]]:1: error: '}' does not close anything{{$}}
}

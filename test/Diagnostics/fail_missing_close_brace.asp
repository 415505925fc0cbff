// RUN: not %aspenc %s 2>&1 | FileCheck %s
// The file ends inside run(): the error is at the end of the file and the
// note points at the innermost '{' still open.
// CHECK: fail_missing_close_brace.asp:[[@LINE+6]]:1: error: expected '}' to close '{'{{$}}
// CHECK: fail_missing_close_brace.asp:[[@LINE+2]]:14: note: to match this '{'{{$}}
Module Worker {
  void run() {
    if (ready) {
    }

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A send statement without ';' before the closing brace.
Module Producer {
  void run() {
// CHECK: fail_missing_semi_send.asp:[[@LINE+1]]:11: error: expected ';' after send statement{{$}}
    send q
  }
}

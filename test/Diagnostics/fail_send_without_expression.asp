// RUN: not %aspenc %s 2>&1 | FileCheck %s
// 'send' needs something to send.
Module Producer {
  void run() {
// CHECK: fail_send_without_expression.asp:[[@LINE+1]]:9: error: expected an expression in send statement, found ';'{{$}}
    send;
  }
}

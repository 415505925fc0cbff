// RUN: not %aspenc %s 2>&1 | FileCheck %s
// 'send e on q' without ';', followed by more C++.
Module Producer {
  void run() {
// CHECK: fail_missing_semi_send_on.asp:[[@LINE+1]]:24: error: expected ';' after send statement{{$}}
    send q on outQueue1
    count++;
  }
}

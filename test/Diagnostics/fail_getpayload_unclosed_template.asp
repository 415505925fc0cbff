// RUN: not %aspenc %s 2>&1 | FileCheck %s
// A template argument list of getPayload that is never closed. The message
// names what getPayload needs, not what the top level of a file may hold.
Module Consumer {
  void run() {
// CHECK: fail_getpayload_unclosed_template.asp:[[@LINE+1]]:35: error: expected '>' in getPayload, found ';'{{$}}
    auto &m = getPayload<Matrix(q);
  }
}

// RUN: not %aspenc %s 2>&1 | FileCheck %s
// getPayload is always called.
Module Consumer {
  void run() {
// CHECK: fail_getpayload_without_parens.asp:[[@LINE+1]]:27: error: expected '(' or '<' in getPayload, found ';'{{$}}
    double *p = getPayload;
  }
}

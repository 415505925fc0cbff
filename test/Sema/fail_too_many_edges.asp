// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// Vectors of different lengths connect every pair: 200,000 x 199,999 edges
// would exhaust memory, so the statement is refused where it is written.
Module Main is Root requires Module W {
  void initialize() {
    W a[200000], b[199999];
    flow:
// CHECK: fail_too_many_edges.asp:[[@LINE+1]]:7: error: this flow statement would add 39999800000 connections, beyond the program's limit of 10000000; vectors of different lengths connect every pair{{$}}
      a ||| b;
  }
}
Module W { void run() {} }

// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// N is used through M; K is never used.
Module Main is Root requires Module Worker {
  void initialize() {
    const int N = 2;
    const int M = N * 2;
// CHECK: warn_unused_const.asp:[[@LINE+1]]:15: warning: constant 'K' is never used{{$}}
    const int K = 7;
    Worker w[M];
    flow:
      w[0:1] ||| w[2:3];
  }
}
Module Worker { void run() { } }
// CHECK: {{^}}Program Main{{$}}

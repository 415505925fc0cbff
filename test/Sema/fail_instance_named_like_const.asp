// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// Constants and instances share one name space in a root module.
Module Main is Root requires Module Worker {
  void initialize() {
    const int N = 2;
// CHECK: fail_instance_named_like_const.asp:[[@LINE+1]]:18: error: 'N' is already declared in root module 'Main'{{$}}
    Worker w[N], N;
    flow:
      w[0] ||| w[1];
  }
}
Module Worker { void run() { } }

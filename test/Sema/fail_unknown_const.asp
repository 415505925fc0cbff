// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Sizes and indices may only use constants of the same root module.
Module Main is Root requires Module Worker {
  void initialize() {
    const int N = 4;
// CHECK: fail_unknown_const.asp:[[@LINE+1]]:18: error: no constant named 'M' in root module 'Main'{{$}}
    Worker w[N + M], a[N];
    flow:
      a[0] ||| a[1];
  }
}
Module Worker { void run() { } }

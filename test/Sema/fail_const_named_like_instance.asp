// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A constant cannot take the name of an instance declared before it.
Module Main is Root requires Module Worker {
  void initialize() {
    Worker w[2];
// CHECK: fail_const_named_like_instance.asp:[[@LINE+1]]:15: error: 'w' is already declared in root module 'Main'{{$}}
    const int w = 1;
    flow:
      w[0] ||| w[1];
  }
}
Module Worker { void run() { } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A requires B requires A: the hierarchy of root modules would be infinite.
Module Main is Root requires Module A {
  void initialize() {
    A a;
  }
}
Module A is Root requires Module B, Module W {
  void initialize() {
    B b;
    W w;
    flow:
      Input ||| b ||| w ||| Output;
  }
}
// CHECK: fail_requires_cycle.asp:[[@LINE+1]]:34: error: root module 'A' requires itself: A -> B -> A{{$}}
Module B is Root requires Module A {
  void initialize() {
    A a;
    flow:
      Input ||| a ||| Output;
  }
}
Module W { void run() { send dequeue(); } }

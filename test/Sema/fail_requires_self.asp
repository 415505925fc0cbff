// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The shortest cycle: a root module requiring itself.
Module Main is Root requires Module Loop {
  void initialize() {
    Loop l;
  }
}
// CHECK: fail_requires_self.asp:[[@LINE+1]]:47: error: root module 'Loop' requires itself: Loop -> Loop{{$}}
Module Loop is Root requires Module W, Module Loop {
  void initialize() {
    W w;
    flow:
      Input ||| w ||| Output;
  }
}
Module W { void run() { send dequeue(); } }

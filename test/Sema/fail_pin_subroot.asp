// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A sub-root instance is a group of instances, not one that can be placed;
// its own root module places its members.
Module Main is Root requires Module Src, Module Stage {
  void initialize() {
    Src src;
    Stage s[2];
// CHECK: fail_pin_subroot.asp:[[@LINE+1]]:16: error: only module instances can be placed; 's' is a root module instance{{$}}
    place src, s[0] on n0;
    flow:
      src ||| s;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w;
    flow:
      Input ||| w;
  }
}
Module Src { void run() { send 1; } }
Module W { void run() { dequeue(); } }

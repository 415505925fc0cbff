// RUN: %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// A sub-root elaborated three times still gets one warning per constant.
Module Main is Root requires Module Src, Module Stage {
  void initialize() {
    Src src;
    Stage s[3];
    flow:
      src ||| s;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
// CHECK: warn_unused_const_subroot.asp:[[@LINE+1]]:15: warning: constant 'Unused' is never used{{$}}
    const int Unused = 1;
    W w;
    flow:
      Input ||| w;
  }
}
Module Src { void run() { send 1; } }
Module W { void run() { dequeue(); } }
// CHECK: {{^}}Program Main{{$}}

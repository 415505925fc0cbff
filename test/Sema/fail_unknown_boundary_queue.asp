// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The boundary queues of a sub-root are the ones its flows use: Stage reads
// only Input.data, so s.control leads nowhere.
Module Main is Root requires Module Src, Module Stage {
  void initialize() {
    Src src;
    Stage s;
    flow:
      src ||| s.data;
// CHECK: fail_unknown_boundary_queue.asp:[[@LINE+1]]:15: error: root module 'Stage' has no input queue 'control'; its flows never use 'Input.control'{{$}}
      src ||| s.control;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w;
    flow:
      Input.data ||| w;
  }
}
Module Src { void run() { send 1; } }
Module W { void run() { dequeue(); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Inside a sub-root, Input is only ever a source.
Module Main is Root requires Module Src, Module Stage {
  void initialize() {
    Src src;
    Stage s;
    flow:
      src ||| s;
  }
}
Module Stage is Root requires Module W {
  void initialize() {
    W w;
    flow:
      Input ||| w;
// CHECK: fail_input_as_target.asp:[[@LINE+1]]:13: error: 'Input' is where messages enter this root module; it cannot receive them{{$}}
      w ||| Input;
  }
}
Module Src { void run() { send 1; } }
Module W { void run() { send dequeue(); } }

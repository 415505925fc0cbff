// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:
// An all-reduce inside a sub-root whose participant is the sub-root's own
// Input would have to deliver its result back out through it.
Module Main is Root requires Module Src, Module Stage {
  void initialize() {
    Src src;
    Stage st;
    flow:
      src ||| st;
  }
}
Module Stage is Root requires Module Reduce {
  void initialize() {
    Reduce r;
    flow:
// CHECK: fail_allreduce_of_input.asp:[[@LINE+1]]:17: error: 'Input' is where messages enter this root module; it cannot receive them{{$}}
      Input ||| r(sum);
  }
}
Module Src { void run() { send new ArrayPayload<int>(1); } }

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// A root module instantiated inside itself without being required (found
// by the frontend fuzzer: elaboration recursed until the stack overflowed).
// Directly, and through another root.
Module Main is Root requires Module A, Module W {
  void initialize() {
    // CHECK: fail_root_contains_itself.asp:[[@LINE+2]]:5: error: module 'Main' is used but not listed in the 'requires' of 'Main'
    // CHECK: fail_root_contains_itself.asp:[[@LINE+1]]:5: error: root module 'Main' contains an instance of itself: Main -> Main{{$}}
    Main again;
    A a;
    W w;
    flow:
      a ||| w;
  }
}
Module A is Root requires Module W {
  void initialize() {
    W w;
    // CHECK: fail_root_contains_itself.asp:[[@LINE+2]]:5: error: module 'Main' is used but not listed in the 'requires' of 'A'
    // CHECK: fail_root_contains_itself.asp:[[@LINE+1]]:5: error: root module 'Main' contains an instance of itself: Main -> A -> Main{{$}}
    Main outer;
    flow:
      Input ||| w ||| Output;
  }
}
Module W { void run() { send dequeue(); } }

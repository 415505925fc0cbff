// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Serial composition: Gen emits {c}, but Work needs a field a, which Gen
// consumes, so it cannot come past Gen from the input either.
Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| N ||| sink;
  }
}
// CHECK: fail_type_mismatch.asp:[[@LINE+1]]:22: error: records of type {c} reach box 'Work', which accepts only {a}{{$}}
net N connect Gen .. Work;
Module Gen is Box ({a, x} -> {c}) { void box() { } }
Module Work is Box ({a} -> {b}) { void box() { } }
Module Src { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }

// RUN: %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// A declared Reduce that no flow statement names is reported like any
// instance that is never connected.
Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W a, b;
// CHECK: warn_unused_collective.asp:[[@LINE+1]]:12: warning: 'spare' is never connected to anything{{$}}
    Reduce spare, used;
    flow:
      a ||| used(sum) ||| b;
  }
}
Module W { void run() {} }

// RUN: rm -f %t
// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t
// RUN: %aspenc --fsyntax-only %s
// An S-Net network is checked and elaborated, but not compiled to an
// executable yet: aspenc says so at the network instead of building a
// different program, and writes no output.
#include <aspen/runtime.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// CHECK: fail_snet_not_compiled.asp:[[@LINE+1]]:15: error: the S-Net network '{{.*}}' cannot be compiled to an executable yet
      src ||| Twice ||| sink;
  }
}

Module Twice is Box ({a} -> {a}) {
  void box(const int &a) { emit<1>(2 * a); }
}

Module Src {
  void run() { send QueueElement(); }
}

Module Sink {
  void run() { dequeue(); }
}

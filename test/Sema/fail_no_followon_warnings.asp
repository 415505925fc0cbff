// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// After an error, no warnings about what the program leaves unused or
// unconnected: the erroneous statement may be what would have used it
// (the constant below, instance v, w's output queue).
Module Main is Root requires Module W {
  void initialize() {
    const int Unused = 3;
    W w, v;
    flow:
// CHECK: fail_no_followon_warnings.asp:[[@LINE+1]]:13: error: no instance, net or box named 'zz' in root module 'Main'
      w ||| zz;
  }
}
Module W { void run() { send 1; } }

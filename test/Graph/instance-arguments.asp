// RUN: %aspenc --dump-graph %s | FileCheck %s
// Each instance shows the parameters its declaration sets; a vector's
// elements share them; modules of the standard library are found by name.
Module Main is Root requires Module FileSource, Module Worker, Module Console {
  void initialize() {
    const int N = 2;
    FileSource src("in.txt", N * 512);
    Worker w[N](-3);
    Console out;
    flow:
      src ||| w ||| out;
  }
}
Declare Module Worker {
  parameters {
    int shift;
  }
}
Module Worker { void run() {} }
// CHECK:      Module FileSource action
// CHECK:      Instance #0 src : FileSource (path = "in.txt", blockSize = 1024)
// CHECK-NEXT: Instance #1 w[0] : Worker [0 of 2] (shift = -3)
// CHECK-NEXT: Instance #2 w[1] : Worker [1 of 2] (shift = -3)
// CHECK-NEXT: Instance #3 out : Console

// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// The name of the operation appearing in a comment and a string literal of a
// module body does not make it a function visible to the program.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r;
    flow:
// CHECK: fail_unknown_reduce_op_comment.asp:[[@LINE+1]]:15: error: 'mean' is not a reduce operation: use sum, multiply, min, max, or a C++ function visible to the program{{$}}
      p ||| r(mean) ||| p[0];
  }
}
Module Parallel {
  void run() {
    // TODO: a mean would be nicer than a sum.
    const char *what = "mean";
    send 1;
    dequeue();
  }
}

// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// A reduce operation that is not built in is accepted when the program's
// C++ defines it (here in a module body), and is marked as a user operation.
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker p[2];
    Reduce r;
    flow:
      p ||| r(combine_max_abs);
  }
}
Module Worker {
  void run() { send 1; dequeue(); }
  static QueueElement combine_max_abs(const QueueElement &a,
                                      const QueueElement &b) {
    return std::abs(value(a)) > std::abs(value(b)) ? a : b;
  }
}
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action sends dequeues
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 2]
// CHECK-NEXT:  Reduce r op combine_max_abs (user) all-reduce
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Receiver p[0]
// CHECK-NEXT:    Receiver p[1]
// CHECK-NOT:{{.}}

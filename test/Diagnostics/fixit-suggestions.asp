// RUN: not %aspenc --fsyntax-only %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// Common slips get a note naming the closest name in scope, with the fix
// printed under the underlined name: instance, queue, reduce operation,
// net or box. No suggestion when nothing is close.
Module Main is Root requires Module Worker, Module Sink, Module Reduce {
  void initialize() {
    Worker w[4];
    Sink sink;
    Reduce total;
    flow:
      w ||| snk;
      w.result ||| sink;
      w ||| total(summ) ||| sink;
      w ||| Doubel ||| sink;
      w ||| zzzzzz;
  }
}
Declare Module Worker {
  Output Queue is results;
}
Module Double is Box ({<x>} -> {<x>}) { void box(long x) { emit<1>(2 * x); } }
Module Worker { void run() { send 1; } }
Module Sink { void run() { dequeue(); } }
// CHECK:{{.*}}:11:13: note: did you mean 'sink'?
// CHECK-NEXT:      w ||| snk;
// CHECK-NEXT:            ^~~
// CHECK-NEXT:            sink
// CHECK:{{.*}}:12:9: note: did you mean 'results'?
// CHECK-NEXT:      w.result ||| sink;
// CHECK-NEXT:        ^~~~~~
// CHECK-NEXT:        results
// CHECK:{{.*}}:13:19: note: did you mean 'sum'?
// CHECK:{{.*}}:14:13: note: did you mean 'Double'?
// CHECK-NEXT:      w ||| Doubel ||| sink;
// CHECK-NEXT:            ^~~~~~
// CHECK-NEXT:            Double
// CHECK:{{.*}}:15:13: error: no instance, net or box named 'zzzzzz' in root module 'Main'
// CHECK-NOT:note: did you mean

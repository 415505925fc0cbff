// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// Participants contribute from a named output queue and the result goes to
// named input queues of a participant and of a non-participant. Every
// Worker has its own 'result' queue, and p[1]'s is fed by nothing.
Module Main is Root requires Module Worker, Module Accumulator, Module Reduce {
  void initialize() {
// WARN: reduce-named-queues.asp:[[@LINE+2]]:12: warning: input queue 'result' of 'p[1]' is not fed by any flow{{$}}
// WARN-NOT: warning
    Worker p[2];
    Accumulator acc;
    Reduce r;
    flow:
      p.partial ||| r(min) ||| p[0].result, acc.total;
  }
}
Declare Module Worker {
  Input:
    Input Queue is result;
  Output:
    Output Queue is partial;
}
Declare Module Accumulator {
  Input:
    Input Queue is total;
}
Module Worker {
  void run() {
    send 1 on partial;
    if (instanceIndex() == 0) dequeue(result);
  }
}
Module Accumulator { void run() { dequeue(total); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Worker action inputs(result) outputs(partial)
// CHECK-NEXT:  Module Accumulator action inputs(total)
// CHECK-NEXT:  Instance #0 p[0] : Worker [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Worker [1 of 2]
// CHECK-NEXT:  Instance #2 acc : Accumulator
// CHECK-NEXT:  Reduce r op min
// CHECK-NEXT:    Source p[0].partial
// CHECK-NEXT:    Source p[1].partial
// CHECK-NEXT:    Receiver p[0].result
// CHECK-NEXT:    Receiver acc.total
// CHECK-NOT:{{.}}

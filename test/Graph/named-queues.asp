// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// x.q is an output queue on the left of '|||' and an input queue on the
// right; each instance of a vector has its own copy of every queue.
Module Main is Root requires Module Producer, Module Consumer, Module Logger {
  void initialize() {
    Producer p[2];
    Consumer c;
    Logger l;
    flow:
      p.main ||| c.data;
      p[1].log ||| l;
      p[0].log ||| c.control;
  }
}
Declare Module Producer {
  Output:
    Output Queue is main, log;
}
Declare Module Consumer {
  Input:
    Input Queue is data, control;
}
Module Producer { void run() { send 1 on main; send 2 on log; } }
Module Consumer { void run() { dequeue(data); dequeue(control); } }
Module Logger { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Producer action outputs(main, log)
// CHECK-NEXT:  Module Consumer action inputs(data, control)
// CHECK-NEXT:  Module Logger action dequeues
// CHECK-NEXT:  Instance #0 p[0] : Producer [0 of 2]
// CHECK-NEXT:  Instance #1 p[1] : Producer [1 of 2]
// CHECK-NEXT:  Instance #2 c : Consumer
// CHECK-NEXT:  Instance #3 l : Logger
// CHECK-NEXT:  Edge p[0].main -> c.data
// CHECK-NEXT:  Edge p[1].main -> c.data
// CHECK-NEXT:  Edge p[1].log -> l
// CHECK-NEXT:  Edge p[0].log -> c.control
// CHECK-NOT:{{.}}

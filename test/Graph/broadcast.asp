// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// A broadcast copies every message of its source to every receiver: a whole
// vector, a slice, and a list mixing an element, a single instance and a
// named input queue. The inline form 'Broadcast' is numbered like inline
// reduces.
Module Main is Root requires Module Src, Module Worker, Module Broadcast {
  void initialize() {
    Src src;
    Worker w[4], x;
    Broadcast b1, b2, b3;
    flow:
      src ||| b1 ||| w;
      src.config ||| b2 ||| w[1:2];
      src.control ||| b3 ||| w[0], x, w[3].urgent;
      x ||| Broadcast ||| w[2:3].urgent;
  }
}
Declare Module Src {
  Output:
    Output Queue is config, control;
}
Declare Module Worker {
  Input:
    Input Queue is urgent;
}
Module Src { void run() { send 1; send 2 on config; send 3 on control; } }
Module Worker {
  void run() {
    dequeue();
    if (instanceIndex() >= 2) dequeue(urgent);
  }
}
// CHECK:Program Main
// CHECK-NEXT:  Module Src action outputs(config, control) sends
// CHECK-NEXT:  Module Worker action inputs(urgent) dequeues
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 w[0] : Worker [0 of 4]
// CHECK-NEXT:  Instance #2 w[1] : Worker [1 of 4]
// CHECK-NEXT:  Instance #3 w[2] : Worker [2 of 4]
// CHECK-NEXT:  Instance #4 w[3] : Worker [3 of 4]
// CHECK-NEXT:  Instance #5 x : Worker
// CHECK-NEXT:  Broadcast b1
// CHECK-NEXT:    Source src
// CHECK-NEXT:    Receiver w[0]
// CHECK-NEXT:    Receiver w[1]
// CHECK-NEXT:    Receiver w[2]
// CHECK-NEXT:    Receiver w[3]
// CHECK-NEXT:  Broadcast b2
// CHECK-NEXT:    Source src.config
// CHECK-NEXT:    Receiver w[1]
// CHECK-NEXT:    Receiver w[2]
// CHECK-NEXT:  Broadcast b3
// CHECK-NEXT:    Source src.control
// CHECK-NEXT:    Receiver w[0]
// CHECK-NEXT:    Receiver x
// CHECK-NEXT:    Receiver w[3].urgent
// CHECK-NEXT:  Broadcast Broadcast#1
// CHECK-NEXT:    Source x
// CHECK-NEXT:    Receiver w[2].urgent
// CHECK-NEXT:    Receiver w[3].urgent
// CHECK-NOT:{{.}}

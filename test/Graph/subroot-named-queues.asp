// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s | grep -c ' Edge ' | FileCheck %s --check-prefix=EDGES
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Named boundary queues: 's.data' on the right of '|||' is Stage's
// 'Input.data', 's.result' on the left is its 'Output.result'. Each is
// spliced separately, and the queue names of the real endpoints are kept.
Module Main is Root requires Module Src, Module Stage, Module Sink {
  void initialize() {
    Src src;
    Stage s;
    Sink out, log;
    flow:
      src ||| s.data;
      src.cfg ||| s.ctl;
      s.result ||| out;
      s.log ||| log;
  }
}
Module Stage is Root requires Module Worker, Module Monitor {
  void initialize() {
    Worker w;
    Monitor m;
    flow:
      Input.data ||| w.in;
      Input.ctl ||| w.ctl;
      w.out ||| Output.result;
      w.trace ||| m ||| Output.log;
  }
}
Declare Module Src {
  Output:
    Output Queue is cfg;
}
Declare Module Worker {
  Input:
    Input Queue is in, ctl;
  Output:
    Output Queue is out, trace;
}
Module Src { void run() { send 1; send 2 on cfg; } }
Module Worker {
  void run() {
    send dequeue(in) on out;
    send dequeue(ctl) on trace;
  }
}
Module Monitor { void run() { send dequeue(); } }
Module Sink { void run() { dequeue(); } }
// CHECK:Program Main
// CHECK-NEXT:  Module Src action outputs(cfg) sends
// CHECK-NEXT:  Module Worker action inputs(in, ctl) outputs(out, trace)
// CHECK-NEXT:  Module Monitor action sends dequeues
// CHECK-NEXT:  Module Sink action dequeues
// CHECK-NEXT:  Instance #0 src : Src
// CHECK-NEXT:  Instance #1 s.w : Worker
// CHECK-NEXT:  Instance #2 s.m : Monitor
// CHECK-NEXT:  Instance #3 out : Sink
// CHECK-NEXT:  Instance #4 log : Sink
// CHECK-DAG:  Edge src -> s.w.in
// CHECK-DAG:  Edge src.cfg -> s.w.ctl
// CHECK-DAG:  Edge s.w.out -> out
// CHECK-DAG:  Edge s.w.trace -> s.m
// CHECK-DAG:  Edge s.m -> log
// CHECK-NOT:{{.*(Input|Output|Reduce|Broadcast|Network).*}}
// EDGES:5

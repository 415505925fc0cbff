// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// Fig. 5 of the Aspen paper: two reduces over overlapping participants. r1
// combines the default output queues of all of p and delivers to p[0] and
// p[2]; r2 combines outQueue1 of p[1] and p[2] and delivers to p[3]. Neither
// is an all-reduce, and nothing else is connected.
Module Main is Root requires Module Parallel, Module Reduce {
  void initialize() {
    Parallel p[4];
    Reduce r1, r2;
    flow :
      p ||| r1(sum) ||| p[0], p[2];
      p[1:2].outQueue1 ||| r2(multiply) ||| p[3];
  }
}
Declare Module Parallel {
  data_section {
    double *send_buffer1, *send_buffer2;
  }
  Output:
    Output Queue is outQueue1;
}
Module Parallel {
  void run() {
    QueueElement qs1, qs2, qr1, qr2;
    qs1 = QueueElement(new ChemicalPayload(send_buffer1, count));
    qs2 = QueueElement(new ChemicalPayload(send_buffer2, count));
    send qs1;
    send qs2 on outQueue1;
    qr1 = dequeue();
  }
}
// CHECK:Program Main
// CHECK-NEXT:  Module Parallel action outputs(outQueue1) sends dequeues
// CHECK-NEXT:  Instance #0 p[0] : Parallel [0 of 4]
// CHECK-NEXT:  Instance #1 p[1] : Parallel [1 of 4]
// CHECK-NEXT:  Instance #2 p[2] : Parallel [2 of 4]
// CHECK-NEXT:  Instance #3 p[3] : Parallel [3 of 4]
// CHECK-NEXT:  Reduce r1 op sum
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Source p[2]
// CHECK-NEXT:    Source p[3]
// CHECK-NEXT:    Receiver p[0]
// CHECK-NEXT:    Receiver p[2]
// CHECK-NEXT:  Reduce r2 op multiply
// CHECK-NEXT:    Source p[1].outQueue1
// CHECK-NEXT:    Source p[2].outQueue1
// CHECK-NEXT:    Receiver p[3]
// CHECK-NOT:{{.}}

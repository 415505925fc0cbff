// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Fig. 3(a) of the Aspen paper: a reduce with no receivers is an
// all-reduce. All sixteen Chemical instances contribute, all sixteen get the
// sum on their default input queue, and there is no point-to-point edge.
Module Main is Root requires Module Chemical, Module Reduce {
  void initialize() {
    Chemical c[16];
    Reduce r;
    flow:
      c ||| r(sum);
  }
}
Module Chemical {
  void run() {
    optimization_fcn(8, 3);
  }
  void optimization_fcn(int error_vector_size, int parameter_size) {
    QueueElement qs, qr;
    for (int i = 0; i < parameter_size + 1; i++) {
      qs = QueueElement(new ChemicalPayload(error_vector_size));
      send qs;
      qr = dequeue();
      double *error_temp = getPayload(qr);
    }
  }
}
// CHECK:Program Main
// CHECK-NEXT:  Module Chemical action sends dequeues
// CHECK-NEXT:  Instance #0 c[0] : Chemical [0 of 16]
// CHECK-NEXT:  Instance #1 c[1] : Chemical [1 of 16]
// CHECK-NEXT:  Instance #2 c[2] : Chemical [2 of 16]
// CHECK-NEXT:  Instance #3 c[3] : Chemical [3 of 16]
// CHECK-NEXT:  Instance #4 c[4] : Chemical [4 of 16]
// CHECK-NEXT:  Instance #5 c[5] : Chemical [5 of 16]
// CHECK-NEXT:  Instance #6 c[6] : Chemical [6 of 16]
// CHECK-NEXT:  Instance #7 c[7] : Chemical [7 of 16]
// CHECK-NEXT:  Instance #8 c[8] : Chemical [8 of 16]
// CHECK-NEXT:  Instance #9 c[9] : Chemical [9 of 16]
// CHECK-NEXT:  Instance #10 c[10] : Chemical [10 of 16]
// CHECK-NEXT:  Instance #11 c[11] : Chemical [11 of 16]
// CHECK-NEXT:  Instance #12 c[12] : Chemical [12 of 16]
// CHECK-NEXT:  Instance #13 c[13] : Chemical [13 of 16]
// CHECK-NEXT:  Instance #14 c[14] : Chemical [14 of 16]
// CHECK-NEXT:  Instance #15 c[15] : Chemical [15 of 16]
// CHECK-NEXT:  Reduce r op sum all-reduce
// CHECK-NEXT:    Source c[0]
// CHECK-NEXT:    Source c[1]
// CHECK-NEXT:    Source c[2]
// CHECK-NEXT:    Source c[3]
// CHECK-NEXT:    Source c[4]
// CHECK-NEXT:    Source c[5]
// CHECK-NEXT:    Source c[6]
// CHECK-NEXT:    Source c[7]
// CHECK-NEXT:    Source c[8]
// CHECK-NEXT:    Source c[9]
// CHECK-NEXT:    Source c[10]
// CHECK-NEXT:    Source c[11]
// CHECK-NEXT:    Source c[12]
// CHECK-NEXT:    Source c[13]
// CHECK-NEXT:    Source c[14]
// CHECK-NEXT:    Source c[15]
// CHECK-NEXT:    Receiver c[0]
// CHECK-NEXT:    Receiver c[1]
// CHECK-NEXT:    Receiver c[2]
// CHECK-NEXT:    Receiver c[3]
// CHECK-NEXT:    Receiver c[4]
// CHECK-NEXT:    Receiver c[5]
// CHECK-NEXT:    Receiver c[6]
// CHECK-NEXT:    Receiver c[7]
// CHECK-NEXT:    Receiver c[8]
// CHECK-NEXT:    Receiver c[9]
// CHECK-NEXT:    Receiver c[10]
// CHECK-NEXT:    Receiver c[11]
// CHECK-NEXT:    Receiver c[12]
// CHECK-NEXT:    Receiver c[13]
// CHECK-NEXT:    Receiver c[14]
// CHECK-NEXT:    Receiver c[15]
// CHECK-NOT:{{.}}

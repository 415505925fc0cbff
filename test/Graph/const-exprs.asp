// RUN: %aspenc --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %aspenc --dump-graph %s 2>&1 >/dev/null | count 0
// Sizes, indices and slice bounds are integer constant expressions over
// earlier constants: L = 2 * 4 - 1 = 7, H = 4 / 2 = 2, N % 3 = 1,
// (N + 2) / 3 * 2 = 4, -H + 2 = 0, -(-H) = 2, H + 3 = 5.
Module Main is Root requires Module Relay {
  void initialize() {
    const int N = 4;
    const int H = N / 2;
    const int L = N * 2 - 1;
    Relay p[L], q[H + 1];
    flow:
      p[H:H + 1] ||| q[N % 3:H];
      p[(N + 2) / 3 * 2] ||| q[-H + 2];
      p[L - 1] ||| q[-(-H)];
      q ||| p[0:H];
      p[H + 3] ||| q[0];
  }
}
Module Relay { void run() { } }
// CHECK:Program Main
// CHECK-NEXT:  Module Relay action
// CHECK-NEXT:  Instance #0 p[0] : Relay [0 of 7]
// CHECK-NEXT:  Instance #1 p[1] : Relay [1 of 7]
// CHECK-NEXT:  Instance #2 p[2] : Relay [2 of 7]
// CHECK-NEXT:  Instance #3 p[3] : Relay [3 of 7]
// CHECK-NEXT:  Instance #4 p[4] : Relay [4 of 7]
// CHECK-NEXT:  Instance #5 p[5] : Relay [5 of 7]
// CHECK-NEXT:  Instance #6 p[6] : Relay [6 of 7]
// CHECK-NEXT:  Instance #7 q[0] : Relay [0 of 3]
// CHECK-NEXT:  Instance #8 q[1] : Relay [1 of 3]
// CHECK-NEXT:  Instance #9 q[2] : Relay [2 of 3]
// CHECK-NEXT:  Edge p[2] -> q[1]
// CHECK-NEXT:  Edge p[3] -> q[2]
// CHECK-NEXT:  Edge p[4] -> q[0]
// CHECK-NEXT:  Edge p[6] -> q[2]
// CHECK-NEXT:  Edge q[0] -> p[0]
// CHECK-NEXT:  Edge q[1] -> p[1]
// CHECK-NEXT:  Edge q[2] -> p[2]
// CHECK-NEXT:  Edge p[5] -> q[0]
// CHECK-NOT:{{.}}

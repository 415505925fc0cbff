// RUN: %aspenc -I %S/Inputs/include --dump-graph %s | FileCheck %s --match-full-lines --strict-whitespace
// RUN: not %aspenc --dump-graph %s 2>&1 | FileCheck %s --check-prefix=NOINC
// User operations declared in headers: one included relative to this file
// (qualified by its namespace in the flow), one found only through -I.
#include "Inputs/reduce_ops.h"
#include "more_reduce_ops.h"
Module Main is Root requires Module Worker, Module Reduce {
  void initialize() {
    Worker p[2], q;
    Reduce r1, r2;
    flow:
      p ||| r1(ops::payload_gcd) ||| q;
      q ||| r2(payload_lcm) ||| p;
  }
}
Module Worker { void run() { send 1; dequeue(); } }
// CHECK:  Reduce r1 op ops::payload_gcd (user)
// CHECK-NEXT:    Source p[0]
// CHECK-NEXT:    Source p[1]
// CHECK-NEXT:    Receiver q
// CHECK-NEXT:  Reduce r2 op payload_lcm (user)
// CHECK-NEXT:    Source q
// CHECK-NEXT:    Receiver p[0]
// CHECK-NEXT:    Receiver p[1]
// CHECK-NOT:{{.}}
// NOINC: reduce-user-op-header.asp:13:16: error: 'payload_lcm' is not a reduce operation: use sum, multiply, min, max, or a C++ function visible to the program
// NOINC-NOT: error

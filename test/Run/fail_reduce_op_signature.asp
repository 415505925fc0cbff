// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error: \
// RUN:   --implicit-check-not=callReduceOp --implicit-check-not=aspen::gen \
// RUN:   --implicit-check-not=note:
// A reduce operation of the wrong type is an error at `op` in `r(op)`, in
// the program's words: neither the runtime's helper nor its template
// arguments are named, and there is one error per operation (those about
// the payload class come after the others: Clang instantiates last).
#include "Inputs/bad_reduce_ops.h"

Module Main is Root requires Module W, Module Reduce {
  void initialize() {
    W a[2], b[2], c[2], d[2], e[2];
    Reduce r1, r2, r3, r4, r5;
    flow:
// CHECK-DAG: fail_reduce_op_signature.asp:[[@LINE+1]]:16: error: a reduce operation must be a function 'void op(T &accumulator, const T &contribution)' for a payload class T, declared at namespace scope
      a ||| r1(notConst) ||| a[0];
// CHECK-DAG: fail_reduce_op_signature.asp:[[@LINE+1]]:16: error: a reduce operation must be a function
      b ||| r2(returnsInt) ||| b[0];
// CHECK-DAG: fail_reduce_op_signature.asp:[[@LINE+1]]:16: error: a reduce operation must be a function
      c ||| r3(threeArgs) ||| c[0];
// CHECK-DAG: fail_reduce_op_signature.asp:[[@LINE+1]]:16: error: a reduce operation 'void op(T &accumulator, const T &contribution)' needs a payload class T, derived from aspen::Payload
      d ||| r4(notPayload) ||| d[0];
// CHECK-DAG: fail_reduce_op_signature.asp:[[@LINE+1]]:16: error: a reduce operation must be a function
      e ||| r5(overloaded) ||| e[0];
  }
}

Module W {
  void run() { send new Longs(std::vector<long>{1}); }
}

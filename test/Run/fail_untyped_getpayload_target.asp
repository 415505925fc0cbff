// RUN: not %aspenc %s -o %t 2>&1 | FileCheck %s
// Untyped getPayload(q) gives a pointer to an array payload's elements:
// converting it to a pointer to a payload class, or to void *, is a
// compile-time error saying what to write instead. Before, both built and
// failed at run time, the first naming one type twice ("expected
// 'aspen::ArrayPayload<long>', got 'aspen::ArrayPayload<long>'").
Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    flow:
      a ||| b;
  }
}
Module A {
  void run() { send new ArrayPayload<long>(1); }
}
Module B {
  void run() {
    QueueElement e = dequeue();
// CHECK-DAG: error: static assertion failed{{.*}}untyped getPayload(q) gives a pointer to the elements of an array payload, not to a payload: write getPayload<Type>(q) for a reference to the payload
    ArrayPayload<long> *p = getPayload(e);
// CHECK-DAG: error: static assertion failed{{.*}}untyped getPayload(q) gives a pointer to the elements of an array payload: name their type (double *p = getPayload(q);)
    void *v = getPayload(e);
    (void)p;
    (void)v;
  }
}

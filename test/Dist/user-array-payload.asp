// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// A subclass of ArrayPayload with fields of its own (the paper's
// ChemicalPayload is one) crosses nodes through the serializer aspenc
// writes: the elements, then the fields; and a reduce over such arrays
// across nodes combines them.
#include <cstdio>
#include <aspen/runtime.h>

#include "Inputs/samples.h"

Module Main is Root requires Module A, Module B, Module Reduce {
  void initialize() {
    A a;
    B b;
    Reduce r;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
      a.part, b.part ||| r(sum) ||| b.total;
  }
}
Declare Module A {
  Output:
    Output Queue is part;
}
Declare Module B {
  Output:
    Output Queue is part;
  Input:
    Input Queue is total;
}

Module A {
  void run() {
    Samples *s = new Samples(100000);
    for (size_t i = 0; i < s->size(); ++i)
      (*s)[i] = double(i);
    s->unit = "mV";
    send s;
    send new Samples(); // none at all
    Samples *p = new Samples(4);
    (*p)[3] = 1.5;
    send p on part;
  }
}

Module B {
  void run() {
    QueueElement q = dequeue();
    Samples &s = getPayload<Samples>(q);
    std::printf("%zu samples in %s, last %g\n", s.size(), s.unit.c_str(),
                s[s.size() - 1]);
    QueueElement e = dequeue();
    std::printf("then %zu samples\n", getPayload<Samples>(e).size());
    Samples *p = new Samples(4);
    (*p)[3] = 2;
    send p on part;
    QueueElement t = dequeue(total);
    std::printf("sum %g\n", getPayload<Samples>(t)[3]);
  }
}
// CHECK: [127.0.0.2] 100000 samples in mV, last 99999
// CHECK-NEXT: [127.0.0.2] then 0 samples
// CHECK-NEXT: [127.0.0.2] sum 3.5

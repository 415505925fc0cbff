// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// Payload classes made from a class template (Boxed<int>, Boxed<...> of a
// map) get wire formats like any other: each specialization a module
// creates has its own.
#include <cstdio>
#include <aspen/runtime.h>

#include "Inputs/boxed.h"

Module Main is Root requires Module A, Module B {
  void initialize() {
    A a;
    B b;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
  }
}

Module A {
  void run() {
    auto *i = new Boxed<int>();
    i->items = {1, 2, 3};
    i->label = "ints";
    send i;
    auto *m = new Boxed<std::map<std::string, double>>();
    m->items = {{{"pi", 3.25}}, {}};
    m->label = "maps";
    send m;
  }
}

Module B {
  void run() {
    QueueElement q = dequeue();
    auto &i = getPayload<Boxed<int>>(q);
    std::printf("%s: %zu, last %d\n", i.label.c_str(), i.items.size(),
                i.items.back());
    QueueElement r = dequeue();
    auto &m = getPayload<Boxed<std::map<std::string, double>>>(r);
    std::printf("%s: %zu, pi %g\n", m.label.c_str(), m.items.size(),
                m.items[0]["pi"]);
  }
}
// CHECK: [127.0.0.2] ints: 3, last 3
// CHECK-NEXT: [127.0.0.2] maps: 2, pi 3.25

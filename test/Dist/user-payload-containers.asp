// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// A payload class whose fields are standard containers (maps, sets, pairs,
// optionals, lists, deques, nested) crosses nodes through the serializer
// aspenc writes for it, and arrives equal.
#include <cstdio>
#include <aspen/runtime.h>

#include "Inputs/tally.h"

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
    Tally *t = new Tally();
    for (const char *w : {"to", "be", "or", "not", "to", "be"}) {
      ++t->counts[w];
      t->byLength[int(std::strlen(w))].push_back(w);
      t->order.emplace(int(std::strlen(w)), w);
    }
    for (auto &[w, n] : t->counts)
      t->ranked.emplace(-n, w);
    t->longest = "not";
    t->runs = {{1, 2}, {}, {3}};
    send t;
  }
}

Module B {
  void run() {
    QueueElement q = dequeue();
    Tally &t = getPayload<Tally>(q);
    std::printf("counts %zu: to %ld be %ld or %ld not %ld\n", t.counts.size(),
                t.counts["to"], t.counts["be"], t.counts["or"], t.counts["not"]);
    for (auto &[len, ws] : t.byLength) {
      std::printf("length %d:", len);
      for (auto &w : ws)
        std::printf(" %s", w.c_str());
      std::printf("\n");
    }
    std::string order;
    for (auto &[len, w] : t.order)
      order += w + " ";
    std::printf("order %s\n", order.c_str());
    std::printf("ranked first %ld %s, last %ld %s\n", t.ranked.begin()->first,
                t.ranked.begin()->second.c_str(), t.ranked.rbegin()->first,
                t.ranked.rbegin()->second.c_str());
    std::printf("longest %s, none %d, runs %zu: %zu %zu %d\n",
                t.longest ? t.longest->c_str() : "-", t.none.has_value(),
                t.runs.size(), t.runs.front().size(), t.runs.back().size(),
                int(t.runs.back()[0]));
  }
}
// CHECK: [127.0.0.2] counts 4: to 2 be 2 or 1 not 1
// CHECK-NEXT: [127.0.0.2] length 2: to be or to be
// CHECK-NEXT: [127.0.0.2] length 3: not
// CHECK-NEXT: [127.0.0.2] order to be or to be not
// CHECK-NEXT: [127.0.0.2] ranked first -2 be, last -1 or
// CHECK-NEXT: [127.0.0.2] longest not, none 0, runs 3: 2 1 3

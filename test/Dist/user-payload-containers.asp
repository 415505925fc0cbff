// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// A payload class whose fields are standard containers (maps, sets,
// pairs, tuples, optionals, lists, deques, vector<bool>, nested), of
// built-in types or of the program's own classes and enums (private ones
// too), crosses nodes through the serializer aspenc writes for it, and
// arrives equal; another class, never sent, that cannot have one is no
// obstacle.
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
    t->flags = {true, false, true, true};
    t->first["to"] = {1, "start"};
    t->first["not"] = {3, "middle"};
    t->byLine[7] = {{7, "a"}, {7, "b"}};
    t->last = Seen{9, "end"};
    t->nested = {{}, {{Seen{4, "x"}, true}, {Seen{5, "y"}, false}}};
    t->note(2, "private");
    t->tuples["k"] = {1, Seen{6, "six"}, {0.5, 1.5}};
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
    std::printf("flags %zu: %d%d%d%d\n", t.flags.size(), int(t.flags[0]),
                int(t.flags[1]), int(t.flags[2]), int(t.flags[3]));
    std::printf("first: not at %d (%s), to at %d (%s)\n", t.first["not"].line,
                t.first["not"].where.c_str(), t.first["to"].line,
                t.first["to"].where.c_str());
    std::printf("line 7: %zu, %s %s; last %d %s\n", t.byLine[7].size(),
                t.byLine[7][0].where.c_str(), t.byLine[7][1].where.c_str(),
                t.last->line, t.last->where.c_str());
    auto &l = t.nested[1];
    std::printf("nested %zu/%zu: %d %s %d, %d %s %d\n", t.nested.size(), l.size(),
                l.front().first.line, l.front().first.where.c_str(),
                int(l.front().second), l.back().first.line,
                l.back().first.where.c_str(), int(l.back().second));
    std::printf("note %s, pinned %s, mood %d\n", t.noteAt(2).c_str(),
                t.pinnedText().c_str(), t.moodCount());
    auto &[one, seen, ds] = t.tuples["k"];
    std::printf("tuple %d %s %zu %g\n", one, seen.where.c_str(), ds.size(), ds[1]);
  }
}
// CHECK: [127.0.0.2] counts 4: to 2 be 2 or 1 not 1
// CHECK-NEXT: [127.0.0.2] length 2: to be or to be
// CHECK-NEXT: [127.0.0.2] length 3: not
// CHECK-NEXT: [127.0.0.2] order to be or to be not
// CHECK-NEXT: [127.0.0.2] ranked first -2 be, last -1 or
// CHECK-NEXT: [127.0.0.2] longest not, none 0, runs 3: 2 1 3
// CHECK-NEXT: [127.0.0.2] flags 4: 1011
// CHECK-NEXT: [127.0.0.2] first: not at 3 (middle), to at 1 (start)
// CHECK-NEXT: [127.0.0.2] line 7: 2, a b; last 9 end
// CHECK-NEXT: [127.0.0.2] nested 2/2: 4 x 1, 5 y 0
// CHECK-NEXT: [127.0.0.2] note private, pinned private, mood 2
// CHECK-NEXT: [127.0.0.2] tuple 1 six 2 1.5

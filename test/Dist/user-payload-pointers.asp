// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// A payload class holding a tree that owns its children (unique_ptr, the
// class inside itself) and variants of built-in types and classes crosses
// nodes through the serializer aspenc writes, and arrives equal: null
// pointers stay null, every variant holds the same alternative. Two
// shared_ptr<const T> to one object arrive as two equal objects.
#include <cstdio>
#include <aspen/runtime.h>

#include "Inputs/doc.h"

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
    Doc *d = new Doc();
    d->root = std::make_unique<Section>();
    d->root->title = "root";
    for (int i = 0; i < 2; ++i) {
      auto c = std::make_unique<Section>();
      c->title = "child " + std::to_string(i);
      c->number = std::make_unique<int>(10 + i);
      d->root->children.push_back(std::move(c));
    }
    auto g = std::make_unique<Section>();
    g->title = "grandchild";
    d->root->children[1]->children.push_back(std::move(g));
    d->parts = {std::monostate{}, 42L, std::string("text"), Cite{"knuth", 7}};
    d->main = std::make_shared<const Cite>(Cite{"dijkstra", 1});
    d->again = d->main;
    send d;
  }
}

Module B {
  void run() {
    QueueElement q = dequeue();
    Doc &d = getPayload<Doc>(q);
    const Section &r = *d.root;
    std::printf("%s: %zu children, none %d, number %d\n", r.title.c_str(),
                r.children.size(), d.none == nullptr, r.number == nullptr);
    for (const auto &c : r.children)
      std::printf("  %s #%d, %zu below\n", c->title.c_str(), *c->number,
                  c->children.size());
    std::printf("  %s\n", r.children[1]->children[0]->title.c_str());
    std::printf("parts %zu: %zu %ld %s %s:%d\n", d.parts.size(),
                d.parts[0].index(), std::get<long>(d.parts[1]),
                std::get<std::string>(d.parts[2]).c_str(),
                std::get<Cite>(d.parts[3]).key.c_str(),
                std::get<Cite>(d.parts[3]).page);
    std::printf("shared %s %s, same object %d\n", d.main->key.c_str(),
                d.again->key.c_str(), d.main == d.again);
  }
}
// CHECK: [127.0.0.2] root: 2 children, none 1, number 1
// CHECK-NEXT: [127.0.0.2]   child 0 #10, 0 below
// CHECK-NEXT: [127.0.0.2]   child 1 #11, 1 below
// CHECK-NEXT: [127.0.0.2]   grandchild
// CHECK-NEXT: [127.0.0.2] parts 4: 0 42 text knuth:7
// CHECK-NEXT: [127.0.0.2] shared dijkstra dijkstra, same object 0

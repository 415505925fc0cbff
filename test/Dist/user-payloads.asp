// RUN: %aspenc %s --hostfile %S/Inputs/nodes2 -o %t
// RUN: %t | FileCheck %s
// User payload classes cross nodes through serializers aspenc writes from
// their fields (private ones, base classes, strings, vectors, arrays, nested
// classes and vectors of them), or through the class's own pair; an
// all-reduce with a user operation over such a class crosses too.
#include <cstdio>
#include <aspen/runtime.h>

#include "Inputs/shapes.h"

Module Main is Root requires Module A, Module B, Module Reduce {
  void initialize() {
    A a;
    B b;
    Reduce r;
    place a on 0;
    place b on 1;
    flow:
      a ||| b;
      a.stats, b.stats ||| r(merge) ||| a.result, b.result;
  }
}
Declare Module A {
  Output:
    Output Queue is stats;
  Input:
    Input Queue is result;
}
Declare Module B {
  Output:
    Output Queue is stats;
  Input:
    Input Queue is result;
}

Module A {
  void run() {
    Labelled *s = new Labelled();
    s->name = "triangle";
    s->points = {{0, 0}, {4, 0}, {0, 3}};
    s->rgb = {1, 2, 3};
    s->color = Color::Green;
    s->grid = {{1.5f}, {}, {2.5f, 3.5f}};
    s->setSecret(3);
    s->tag[0] = 'T';
    send s;
    send new Custom(7);
    Stats *st = new Stats();
    st->count = 1;
    st->total = 2.5;
    send st on stats;
    QueueElement q = dequeue(result);
    Stats &t = getPayload<Stats>(q);
    std::printf("a: merged %ld %.1f\n", t.count, t.total);
  }
}

Module B {
  void run() {
    QueueElement q = dequeue();
    Labelled &s = getPayload<Labelled>(q);
    std::printf("%s %zu points, last (%g,%g), rgb %d%d%d, green %d, grid %zu/%zu/%g, area %ld, tag %c\n",
                s.name.c_str(), s.points.size(), s.points[2].x, s.points[2].y,
                s.rgb[0], s.rgb[1], s.rgb[2], s.color == Color::Green,
                s.grid.size(), s.grid[2].size(), s.grid[2][1], s.area(), s.tag[0]);
    QueueElement c = dequeue();
    std::printf("custom %d\n", getPayload<Custom>(c).n);
    Stats *st = new Stats();
    st->count = 2;
    st->total = 4;
    send st on stats;
    QueueElement m = dequeue(result);
    std::printf("b: merged %ld %.1f\n", getPayload<Stats>(m).count, getPayload<Stats>(m).total);
  }
}
// CHECK-DAG: [127.0.0.2] triangle 3 points, last (0,3), rgb 123, green 1, grid 3/2/3.5, area 6, tag T
// CHECK-DAG: [127.0.0.2] custom 1007
// CHECK-DAG: [127.0.0.1] a: merged 3 6.5
// CHECK-DAG: [127.0.0.2] b: merged 3 6.5

// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 ASPEN_SNET_CONCURRENCY=4 %t | FileCheck %s
// Initialisers inside the deterministic combinators keep their order.
//
// `Init || Pass`: the instance's initialiser fires when the network starts,
// before any input, so its two records leave before all others, in order.
//
// `(Mark | Inc) !! <k>`: inputs <k> = 1, 2, 2, 3. Mark fires in each new
// replica, as a descendant of the input that made it: its record leaves
// in that input's turn (before or after the input's own, which S-Net
// leaves open), never in another's.
//
// `(Depth | Inc) ** ...`: inputs <n> = 0, 1, -2 unfold replicas while
// <n> < 3. The first makes replicas 1 to 3 (three {<depth>}s, in its turn),
// the second none, the third 4 and 5.
//
// `(Depth || Inc) * ...`: the same star, not deterministic, around a `||`
// holding the initialiser: five firings in all.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net First connect Init || Pass;
net PerValue connect (Mark | Inc) !! <k>;
net PerDepth connect (Depth | Inc) ** {<depth>}, {<n>} if <n >= 3>;
net InStar connect (Depth || Inc) * {<depth>}, {<n>} if <n >= 3>;

Module Init is Box ( -> {<init>}) {
  void box() {
    emit<1>(1);
    emit<1>(2);
  }
}

Module Pass is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n); }
}

Module Mark is Box ( -> {<mark>}) {
  void box() { emit<1>(1); }
}

Module Depth is Box ( -> {<depth>}) {
  void box() { emit<1>(1); }
}

Module Inc is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n + 1); }
}

Declare Module Src {
  Output Queue is a;
  Output Queue is b;
  Output Queue is c;
  Output Queue is d;
}

Declare Module Sink {
  Input Queue is a;
  Input Queue is b;
  Input Queue is c;
  Input Queue is d;
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src.a ||| First ||| sink.a;
      src.b ||| PerValue ||| sink.b;
      src.c ||| PerDepth ||| sink.c;
      src.d ||| InStar ||| sink.d;
  }
}

Module Src {
  void run() {
    for (long n = 0; n < 5; ++n) {
      auto *r = new aspen::snet::Record();
      r->tag("n", 10 * n);
      send r on a;
    }
    for (long k : {1, 2, 2, 3}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", 0).tag("k", k);
      send r on b;
    }
    for (long n : {0, 1, -2}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", n);
      send r on c;
      auto *s = new aspen::snet::Record();
      s->tag("n", n);
      send s on d;
    }
  }
}

// Each stream as a line: an initialiser's record as a letter, any other as
// its <k> or <n>.
Module Sink {
  std::string show(const aspen::snet::Record &R) {
    if (R.hasTag("init"))
      return "i" + std::to_string(R.tag("init")) + " ";
    if (R.hasTag("mark"))
      return "m ";
    if (R.hasTag("depth"))
      return "d ";
    return std::to_string(R.hasTag("k") ? R.tag("k") : R.tag("n")) + " ";
  }
  void run() {
    std::string A, B, C, D;
    while (QueueElement e = dequeue(a))
      A += show(getPayload<aspen::snet::Record>(e));
    while (QueueElement e = dequeue(b))
      B += show(getPayload<aspen::snet::Record>(e));
    while (QueueElement e = dequeue(c))
      C += show(getPayload<aspen::snet::Record>(e));
    while (QueueElement e = dequeue(d))
      D += show(getPayload<aspen::snet::Record>(e));
    long Depths = 0;
    for (char X : D)
      Depths += X == 'd';
    std::printf("first: %s\nsplit: %s\nstar: %s\nin star: %ld depths\n",
                A.c_str(), B.c_str(), C.c_str(), Depths);
  }
}
// CHECK: first: i1 i2 0 10 20 30 40 {{$}}
// CHECK-NEXT: split: {{(m 1|1 m) (m 2|2 m) 2 (m 3|3 m) $}}
// CHECK-NEXT: star: {{(d d d 3|d d 3 d|d 3 d d|3 d d d) 3 (d d 3|d 3 d|3 d d) $}}
// CHECK-NEXT: in star: 5 depths

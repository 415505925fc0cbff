// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// Initialisers in nested deterministic combinators.
//
// `(Init || Pass) || Other`: the inner `||` numbers Init's firing as its
// first input, and the outer one numbers that firing as its own first
// input too (it reaches it before any record), so {<init>} 1 and 2 leave
// first, then the inputs in their order, whichever branch takes them.
//
// `(Mark || Inc) !! <k>` with <k> = 1, 1, 2, 1, 3: a replica's `||` gets
// Mark's firing as its first input, so in each new replica {<mark>}
// leaves just before the output of the input that made the replica.
#include <cstdio>
#include <string>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Nested connect (Init || Pass) || Other;
net InSplit connect ((Mark || Inc) !! <k>);

Module Init is Box ( -> {<init>}) {
  void box() { emit<1>(1); emit<1>(2); }
}
Module Pass is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n); }
}
Module Other is Box ({<o>} -> {<o>}) {
  void box(long o) { emit<1>(o); }
}
Module Mark is Box ( -> {<mark>}) {
  void box() { emit<1>(1); }
}
Module Inc is Box ({<n>} -> {<n>}) {
  void box(long n) { emit<1>(n + 1); }
}

Declare Module Src { Output Queue is a; Output Queue is b; }
Declare Module Sink { Input Queue is a; Input Queue is b; }

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src.a ||| Nested ||| sink.a;
      src.b ||| InSplit ||| sink.b;
  }
}

Module Src {
  void run() {
    for (long n = 0; n < 4; ++n) {
      auto *r = new aspen::snet::Record();
      if (n % 2) r->tag("o", 100 + n); else r->tag("n", n);
      send r on a;
    }
    for (long k : {1, 1, 2, 1, 3}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", 0).tag("k", k);
      send r on b;
    }
  }
}

Module Sink {
  std::string show(const aspen::snet::Record &R) {
    if (R.hasTag("init")) return "i" + std::to_string(R.tag("init")) + " ";
    if (R.hasTag("mark")) return "m ";
    if (R.hasTag("o")) return "o" + std::to_string(R.tag("o")) + " ";
    if (R.hasTag("k")) return std::to_string(R.tag("k")) + " ";
    return std::to_string(R.tag("n")) + " ";
  }
  void run() {
    std::string A, B;
    while (QueueElement e = dequeue(a)) A += show(getPayload<aspen::snet::Record>(e));
    while (QueueElement e = dequeue(b)) B += show(getPayload<aspen::snet::Record>(e));
    std::printf("nested: %s\nsplit: %s\n", A.c_str(), B.c_str());
  }
}
// CHECK:      nested: i1 i2 0 o101 2 o103 {{$}}
// CHECK-NEXT: split: m 1 1 m 2 1 m 3 {{$}}

// RUN: %aspenc %s -o %t
// RUN: not %t 2> %t.err
// RUN: FileCheck %s < %t.err
// A network's input is not typed: a record that reaches an initialiser
// box at run time is an error naming the box. The box itself has fired.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net Only connect Init;

Module Init is Box ( -> {<k>}) {
  void box() { emit<1>(1); }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Only ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->tag("k", 2);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      ;
  }
}
// CHECK: initialiser box 'Init' at {{.*}}fail_initialiser_gets_record.asp:10:18 got a record of type {<k>}; it takes no input

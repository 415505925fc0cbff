// RUN: %aspenc -w %s -o %t
// RUN: env MODE=guard not %t 2>&1 | FileCheck %s --check-prefix=GUARD
// RUN: env MODE=order not %t 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: env MODE=int not %t 2>&1 | FileCheck %s --check-prefix=INT
// Run-time errors in a network name the filter or box, and where it is in
// the program (see also fail_split_missing_tag.asp).
#include <cstdlib>
#include <string>
#include <aspen/runtime.h>
#include <aspen/snet.h>

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
// GUARD: PayloadTypeError: the filter at {{.*}}fail_runtime_messages.asp:[[@LINE+3]]:23 got a record of type {<n>}, for which its pattern's guard is false
// ORDER: PayloadTypeError: box 'Order' at {{.*}}fail_runtime_messages.asp:[[@LINE+2]]:59: field 'x' holds a value of type 'int', not 'long' (box() takes the labels of its signature's input, in that order)
// INT: box 'Thrower' at {{.*}}fail_runtime_messages.asp:[[@LINE+1]]:67 threw an exception that is not a std::exception
      src ||| (Pass | [ {<n>} if (n > 0) -> {<m = n>} ] | Order | Thrower)
          ||| sink;
  }
}

Module Pass is Box ({a} -> {a}) {
  void box(int a) { emit<1>(a); }
}

Module Order is Box ({x, <t>} -> {x}) {
  void box(long t, int x) { emit<1>(x); }
}

Module Thrower is Box ({z} -> {z}) {
  void box(int z) { throw z; }
}

Module Src {
  void run() {
    std::string mode = std::getenv("MODE");
    auto *r = new aspen::snet::Record();
    if (mode == "guard")
      r->tag("n", 0);
    else if (mode == "order")
      r->field("x", 1).tag("t", 2);
    else
      r->field("z", 3);
    send r;
  }
}

Module Sink {
  void run() {
    while (dequeue()) {
    }
  }
}

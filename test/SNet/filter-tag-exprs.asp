// RUN: %aspenc %s -I %S/Inputs -o %t
// RUN: %t | FileCheck %s
// RUN: %aspenc --dump-graph %s | FileCheck %s --check-prefix=DUMP
// Tag expressions in filters and guards: a double minus is two negations
// (it once became C++'s `--`, decrementing the tag), tags may be named like
// the generated code's own variables or C's macros, and `&&` and `?:`
// short-circuit, so a guarded division by zero is never evaluated.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "show.h"

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| [ {<n>, <In>, <R>, <Out>, <errno>}
                -> {<a = - -n>, <b = -(-n)>, <c = n>, <In = In + R * Out>,
                    <errno = errno % 4>, <q = Out != 0 && n / Out > 1>,
                    <r = Out == 0 ? -1 : n / Out>} ] ||| sink;
  }
}

Module Src {
  void run() {
    for (long out : {0L, 3L}) {
      auto *r = new aspen::snet::Record();
      r->tag("n", 7).tag("In", 1).tag("R", 2).tag("Out", out).tag("errno", 9);
      send r;
    }
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("%s\n", show(getPayload<aspen::snet::Record>(q)).c_str());
  }
}
// CHECK:      {<In=1> <a=7> <b=7> <c=7> <errno=1> <q=0> <r=-1>}
// CHECK-NEXT: {<In=7> <a=7> <b=7> <c=7> <errno=1> <q=1> <r=2>}
// DUMP: <a=-(-n)>, <b=-(-n)>

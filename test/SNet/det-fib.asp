// RUN: %aspenc %s -o %t
// RUN: env FIB_N=20 ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env FIB_N=20 ASPEN_WORKERS=2 %t | FileCheck %s
// examples/snet-fib with the deterministic forms. All the calls Expand
// ** {<v>} expands count on the ticket of the one input; the pairing
// synchro-cell's `**` holds records (which then count for nothing) and
// fires, and every replica of the `!!` round it has a `**` instance of its
// own, entered again by each round of the feedback loop. A count that went
// wrong would keep the sum from leaving, or let it leave twice.
// CHECK: fib=6765
// CHECK-NOT: fib
#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// fib by divide and conquer, in records of tags only. Every call {<n>, <id>}
// expands (under a star) until it is a leaf {<v>, <id>}; results are then
// paired with their sibling by a synchro-cell per parent id (split on <p>)
// and summed by a filter, round a feedback loop until the root id 1.
net Fib connect
  [ {<n>} -> {<n>, <id = 2>}; {<v = 0>, <id = 3>} ]
  .. Expand ** {<v>}
  .. (Side .. ([| {<a>}, {<b>} |] ** {<a>, <b>}) !! <p>
      .. [ {<a>, <b>, <p>} -> {<v = a + b>, <id = p>} ]) \ {<id>} if (id > 1)
  .. [ {<v>, <id>} -> {<fib = v>} ];

Module Expand is Box ({<n>, <id>} -> {<n>, <id>} | {<v>, <id>}) {
  void box(long n, long id) {
    if (n < 2) {
      emit<2>(n, id);
    } else {
      emit<1>(n - 1, 2 * id);
      emit<1>(n - 2, 2 * id + 1);
    }
  }
}

Module Side is Box ({<v>, <id>} -> {<a>, <p>} | {<b>, <p>}) {
  void box(long v, long id) {
    if (id % 2 == 0)
      emit<1>(v, id / 2);
    else
      emit<2>(v, id / 2);
  }
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Fib ||| sink;
  }
}

Module Src {
  void run() {
    const char *e = std::getenv("FIB_N");
    auto *r = new aspen::snet::Record();
    r->tag("n", e ? std::atol(e) : 20);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      std::printf("fib=%ld\n", r.tag("fib"));
    }
  }
}

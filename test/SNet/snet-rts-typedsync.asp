// RUN: %aspenc %s -o %t
// RUN: env ASPEN_WORKERS=1 %t | FileCheck %s
// RUN: env ASPEN_WORKERS=2 %t | FileCheck %s
// The S-Net runtime's test typedsync (examples/tests/C/typedsync): a star
// whose operand is a synchro-cell followed by a choice between passing
// ([]) and a conditional filter that counts <A> down, then duplicates
// ([ {} -> {} ; {} ]). init makes {<A=1>,<B=1>} and {<A=1>,<B=2>} from
// each {<C>}. (The test's input.xml sends fields A and B, which the
// network's signature {<C>} does not take; here the input is {<C>}.)
//
// Per input: in the first replica, {<A=1>,<B=1>} matches both patterns of
// the fresh cell, so it fills both and the cell fires at once with the
// record itself; {<A=1>,<B=2>} then passes the fired cell. Both reach
// `[] | (compute .. dup)`, where compute's {<A>,<B>} matches best: each
// becomes <A=0> and is duplicated (4 records). In the second replica the
// first fires the cell alone again, the others pass, and compute turns
// each into {<D=0>}, duplicated: 8 records {<D=0>} leave per input record.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net typedsync ({<C>} -> {<D>})
{
    net init
    connect [{<C>} -> {<A=1>,<B=1>} ; {<A=1>,<B=2>}];

    net subnet
    {
        net sync
        connect [| {<A>}, {<B>} |];

        net dup
        connect [ {} -> {} ; {} ];

        net compute
        connect [{<A>,<B>} -> if <A >= 1> then {<A=A-1>,<B>} else {<D=A>}];
    }
    connect sync .. ([] | (compute .. dup));
}
connect init .. subnet * {<D>};

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| typedsync ||| sink;
  }
}

Module Src {
  void run() {
    for (long C : {1, 2}) {
      auto *R = new aspen::snet::Record();
      R->tag("C", C);
      send R;
    }
  }
}

Module Sink {
  void run() {
    int N = 0, Sum = 0;
    while (QueueElement Q = dequeue()) {
      Sum += int(getPayload<aspen::snet::Record>(Q).tag("D"));
      ++N;
    }
    std::printf("records=%d sum of D=%d\n", N, Sum);
  }
}
// CHECK: records=16 sum of D=0

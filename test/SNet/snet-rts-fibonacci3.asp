// RUN: %aspenc %s -o %t
// RUN: %t | FileCheck %s
// After the S-Net runtime's example fibonacci3 (examples/fibonacci): tags
// only, no box. recur unfolds fib(N) under a star with conditional
// filters, remembering each leaf's path in <L> and <M>; merge pairs the
// leaves again level by level, in synchro-cells split on <L>, round a
// feedback loop, until <X> = fib(N) is left.
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>

net fibonacci3 ({<N>} -> {<X>})
{
    net addlevel ({<N>} -> {<N>,<L>,<M>})
    connect [{<N>} -> {<N>,<L=0>,<M=1>}];

    net recur ({<N>,<L>,<M>} -> {<M>,<L>,<R>})
    {
        net leq1
        connect [{<N>} -> if <N <= 1> then {<N>,<T>} else {<N>,<F>}];

        net true
        connect [{<N>,<T>} -> {<R=N>}];

        net false
        connect [{<N>,<F>,<M>,<L>} -> {<N=N-1>,<L=L+1>,<M=(2*M)+1>}
                                    ; {<N=N-2>,<L=L+1>,<M=(2*M)+0>}];
    }
    connect (leq1 .. (false | true)) * {<R>};

    net merge ({<M>,<L>,<R>} -> {<X>})
    {
        net rewrite ({<M>,<L>,<R>} -> {<X>} | {<L>,<M>,<V>} | {<L>,<M>,<W>})
        connect [{<L>,<M>,<R>} -> if <L <= 0> then {<X=R>} else
                                  if <M % 2 == 0> then {<L=L>, <M=M/2>, <V=R>}
                                  else {<L=L>, <M=M/2>, <W=R>}];
        net pair
        {
            net sync
            {
                net cells
                {
                    net cell
                    connect [| {<V>}, {<W>} |];
                }
                connect cell * {<V>,<W>};
            }
            connect cells ! <L>;

            net sum
            connect [{<V>,<W>,<L>} -> {<R=V+W>,<L=L-1>}];
        }
        connect sync .. sum;

        net Xpass
        connect [{<X>} -> {<X>}];
    }
    connect (rewrite .. (Xpass | pair)) \ {<M>,<L>};
}
connect addlevel .. recur .. merge;

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| fibonacci3 ||| sink;
  }
}

Module Src {
  void run() {
    auto *r = new aspen::snet::Record();
    r->tag("N", 12);
    send r;
  }
}

Module Sink {
  void run() {
    while (QueueElement q = dequeue())
      std::printf("X=%ld\n", getPayload<aspen::snet::Record>(q).tag("X"));
  }
}
// CHECK: X=144
// CHECK-NOT: X=

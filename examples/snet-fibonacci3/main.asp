#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// fibonacci3 of the S-Net runtime's examples (examples/fibonacci in
// snetdev/snet-rts), network for network, filter for filter: no box, only
// tags. recur unfolds fib(N) under a star of conditional filters and
// parallel compositions, giving every call its level <L> and its path <M>
// (a bit per level: left child 1, right child 0); merge pairs the leaves
// again one level at a time, in a star of synchro-cells per level (split on
// <L>), round a feedback loop, until the root's <X> = fib(N) leaves.
//
// The S-Net runtime reads its input record from standard input and prints
// the output record; here Src makes {<N>} from FIB3_N (default 10) and
// Sink prints <X>.

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
    const char *E = std::getenv("FIB3_N");
    auto *R = new aspen::snet::Record();
    R->tag("N", E ? std::atol(E) : 10);
    send R;
  }
}

Module Sink {
  void run() {
    while (QueueElement Q = dequeue())
      std::printf("X=%ld\n", getPayload<aspen::snet::Record>(Q).tag("X"));
  }
}

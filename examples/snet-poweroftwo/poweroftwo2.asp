#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// poweroftwo2 of the S-Net runtime's examples (examples/poweroftwo in
// snetdev/snet-rts), network for network, filter for filter: poweroftwo
// (main.asp) with another innermost loop. Every pair of siblings has a
// synchro-cell of its own, split on the bitmask <M>, so the collector after
// the split merges as many streams as there are pairs (2^N - 1): the
// program stresses a split's merge with many replicas.
//
// Src makes {<N>} from PO2_N (default 10); Sink prints <X>.

net poweroftwo2 ({<N>} -> {<X>})
{
    net addlevel ({<N>} -> {<N>,<L>,<M>})
    connect [{<N>} -> {<N>,<L=0>,<M=1>}];

    net recur ({<N>,<L>,<M>} -> {<M>,<L>,<R>})
    {
        net leq0
        connect [{<N>} -> if <N <= 0> then {<N>,<T>} else {<N>,<F>}];

        net true
        connect [{<N>,<T>} -> {<R=1>}];

        net false
        connect [{<N>,<F>,<M>,<L>} -> {<N=N-1>,<L=L+1>,<M=(2*M)+1>}
                                    ; {<N=N-1>,<L=L+1>,<M=(2*M)+0>}];
    }
    connect (leq0 .. (false | true)) * {<R>};

    net merge ({<M>,<L>,<R>} -> {<X>})
    {
        net rewrite ({<M>,<L>,<R>} -> {<X>} | {<L>,<M>,<V>} | {<L>,<M>,<W>})
        connect [{<L>,<M>,<R>} -> if <L <= 0> then {<X=R>} else
                                  if <M % 2 == 0> then {<L=L>, <M=M/2>, <V=R>}
                                  else {<L=L>, <M=M/2>, <W=R>}];
        net pair ({<L>,<M>,<V>} | {<L>,<M>,<W>} -> {<R>,<L>,<M>})
        {
            net sync
            {
                net cell
                connect [| {<V>}, {<W>} |];
            }
            connect cell!<M>;

            net sum
            connect [{<V>,<W>,<L>} -> {<R=V+W>,<L=L-1>}];
        }
        connect sync .. (sum | []);

        net Xpass
        connect [{<X>} -> {<X>}];
    }
    connect (rewrite .. (Xpass | pair)) * {<X>};
}
connect addlevel .. recur .. merge;

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| poweroftwo2 ||| sink;
  }
}

Module Src {
  void run() {
    const char *E = std::getenv("PO2_N");
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

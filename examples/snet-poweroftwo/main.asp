#include <cstdio>
#include <cstdlib>
#include <aspen/runtime.h>
#include <aspen/snet.h>

// poweroftwo of the S-Net runtime's examples (examples/poweroftwo in
// snetdev/snet-rts), network for network, filter for filter: 2^N in pure
// S-Net, po2(n) = n <= 0 ? 1 : po2(n-1) + po2(n-1). recur unfolds the 2^N
// leaves under a star; merge adds them pairwise, one level at a time, in a
// star of synchro-cells per level (split on <L>), until <X> is left.
//
// Src makes {<N>} from PO2_N (default 10); Sink prints <X>.

net poweroftwo ({<N>} -> {<X>})
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
                net cells
                {
                    net cell
                    connect [| {<V>}, {<W>} |];
                }
                connect cell*{<V>,<W>};
            }
            connect cells!<L>;

            net sum
            connect [{<V>,<W>,<L>} -> {<R=V+W>,<L=L-1>}];
        }
        connect sync .. sum;

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
      src ||| poweroftwo ||| sink;
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

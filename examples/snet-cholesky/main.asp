#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "tiles.h"

// Tiled Cholesky, purely data-driven (Zaichenkov et al., the second S-Net
// form): no barriers. Every tile travels as its own record, tagged with its
// position and the step <k> it has reached, and each kernel runs as soon as
// the tiles it needs have met in a synchro-cell. Split replicates each cell
// and its kernel per tile and step, so cells never hold a record that
// another one needs, and no kernel call waits behind another.
//
//   Fac   A_kk -> L_kk                  (then to every Tri of column k)
//   Tri   A_jk, L_kk -> L_jk            (then to every update reading it)
//   Upd   A_ij, L_ik, L_jk -> A_ij'     (i > j; at step j-1 it goes to Tri)
//   Syrk  A_ii, L_ik -> A_ii'           (at step i-1 it goes to Fac)
//
// Records that still have work carry <k> and go round the feedback loop;
// finished tiles {Out, <ti>, <tj>} leave for the sink.
net Cholesky connect
  ( Fac
  | (([| {Ajk, <j>, <k>, <p>}, {Lkk, <j>, <k>} |] * {Ajk, Lkk, <j>, <k>, <p>})
     .. Tri) ! <j> ! <k>
  | (([| {Aij, <i>, <j>, <k>, <p>}, {Li, <i>, <j>, <k>}, {Lj, <i>, <j>, <k>} |]
      * {Aij, Li, Lj, <i>, <j>, <k>, <p>}) .. Upd) ! <i> ! <j> ! <k>
  | (([| {Aii, <i>, <k>, <p>}, {Ld, <i>, <k>} |] * {Aii, Ld, <i>, <k>, <p>})
     .. Syrk) ! <i> ! <k>
  ) \ {<k>};

Module Fac is Box ({Akk, <k>, <p>} -> {Out, <ti>, <tj>} | {Lkk, <j>, <k>}) {
  void box(chol::TileRef a, long k, long p) {
    chol::potrf(*a);
    emit<1>(a, k, k);
    for (long j = k + 1; j < p; ++j)
      emit<2>(a, j, k);
  }
}

Module Tri is Box ({Ajk, Lkk, <j>, <k>, <p>}
                   -> {Out, <ti>, <tj>} | {Ld, <i>, <k>}
                    | {Li, <i>, <j>, <k>} | {Lj, <i>, <j>, <k>}) {
  void box(chol::TileRef a, chol::TileRef l, long j, long k, long p) {
    chol::trsm(*l, *a);
    emit<1>(a, j, k);
    // L_jk is L_ik of the updates of row j, and L_jk of those of column j.
    for (long c = k + 1; c < j; ++c)
      emit<3>(a, j, c, k);
    emit<2>(a, j, k);
    for (long r = j + 1; r < p; ++r)
      emit<4>(a, r, j, k);
  }
}

Module Upd is Box ({Aij, Li, Lj, <i>, <j>, <k>, <p>}
                   -> {Aij, <i>, <j>, <k>, <p>} | {Ajk, <j>, <k>, <p>}) {
  void box(chol::TileRef a, chol::TileRef li, chol::TileRef lj, long i, long j,
           long k, long p) {
    chol::gemmNT(*li, *lj, *a);
    if (j == k + 1) // every update done: A_ij is the panel tile of Tri
      emit<2>(std::move(a), i, j, p);
    else
      emit<1>(std::move(a), i, j, k + 1, p);
  }
}

Module Syrk is Box ({Aii, Ld, <i>, <k>, <p>}
                    -> {Aii, <i>, <k>, <p>} | {Akk, <k>, <p>}) {
  void box(chol::TileRef a, chol::TileRef l, long i, long k, long p) {
    chol::gemmNT(*l, *l, *a);
    if (i == k + 1) // the next diagonal tile to factor
      emit<2>(std::move(a), i, p);
    else
      emit<1>(std::move(a), i, k + 1, p);
  }
}

Declare Module Src {
  Output Queue is clock;
}

Declare Module Sink {
  Input Queue is clock;
}

Module Main is Root requires Module Src, Module Sink {
  void initialize() {
    Src src;
    Sink sink;
    flow:
      src ||| Cholesky ||| sink;
      src.clock ||| sink.clock;
  }
}

// Makes the tiles of the lower triangle, then starts the clock and sends
// each tile as the record of its first step.
Module Src {
  void run() {
    int n, b;
    chol::sizes(n, b);
    const long p = n / b;
    std::vector<aspen::snet::Record *> recs;
    for (long i = 0; i < p; ++i)
      for (long j = 0; j <= i; ++j) {
        auto *r = new aspen::snet::Record();
        chol::TileRef t = chol::makeTile(n, b, int(i), int(j));
        if (i == 0)
          r->field("Akk", t).tag("k", 0).tag("p", p);
        else if (j == 0)
          r->field("Ajk", t).tag("j", i).tag("k", 0).tag("p", p);
        else if (i == j)
          r->field("Aii", t).tag("i", i).tag("k", 0).tag("p", p);
        else
          r->field("Aij", t).tag("i", i).tag("j", j).tag("k", 0).tag("p", p);
        recs.push_back(r);
      }
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    send new aspen::ArrayPayload<long>(
        std::vector<long>{long(std::chrono::nanoseconds(now).count())}) on clock;
    for (aspen::snet::Record *r : recs)
      send r;
  }
}

// Puts the finished tiles together and checks L L^T = A.
Module Sink {
  void run() {
    int n, b;
    chol::sizes(n, b);
    const int p = n / b;
    std::vector<chol::TileRef> l(size_t(p) * p);
    long tiles = 0;
    while (QueueElement q = dequeue()) {
      auto &r = getPayload<aspen::snet::Record>(q);
      l[size_t(r.tag("ti")) * p + r.tag("tj")] = r.get<chol::TileRef>("Out");
      ++tiles;
    }
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    QueueElement c = dequeue(clock);
    double secs = (std::chrono::nanoseconds(now).count() -
                   getPayload<aspen::ArrayPayload<long>>(c)[0]) / 1e9;
    if (tiles != long(p) * (p + 1) / 2) {
      std::printf("cholesky: %ld tiles of %d arrived\n", tiles, p * (p + 1) / 2);
      return;
    }
    double res = chol::residual(n, b, l);
    std::printf("cholesky n=%d b=%d time %.4f s residual %.2e %s\n", n, b, secs,
                res, chol::verdict(res, n));
  }
}

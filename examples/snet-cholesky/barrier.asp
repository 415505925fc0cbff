#include <chrono>
#include <cstdio>
#include <aspen/runtime.h>
#include <aspen/snet.h>
#include "tiles.h"

// Tiled Cholesky with barriers (Zaichenkov et al., the first S-Net form):
// the algorithm's outer loop is the feedback loop, and each iteration k runs
// its three steps one after the other:
//
//   Fac    factors A_kk, then starts one Tri per tile below it
//   Tri    solves A_jk := A_jk L_kk^-T, and reports {<t1>}
//   Count1 (barrier 1) counts the reports; after the last it starts one
//          Upd per tile of the trailing submatrix
//   Upd    updates A_ij := A_ij - L_ik L_jk^T, and reports {<t2>}
//   Count2 (barrier 2) counts those; after the last, iteration k + 1
//
// A barrier is S-Net's stateful idiom: the state {M, <need>} meets one
// report at a time in a synchro-cell (under a star, so every meeting gets a
// fresh cell), the count box sends the state round again with one report
// less, and split gives every iteration its own barrier. The matrix M is
// one field shared by all the records of the run.
net Cholesky connect
  ( Fac
  | Tri
  | Upd
  | (([| {M, <need1>, <k>}, {<t1>, <k>} |] * {M, <need1>, <t1>, <k>}) ! <k>
     .. Count1)
  | (([| {M, <need2>, <k>}, {<t2>, <k>} |] * {M, <need2>, <t2>, <k>}) ! <k>
     .. Count2)
  ) \ {<k>};

Module Fac is Box ({M, <k>} -> {M, <j>, <k>} | {M, <need1>, <k>} | {L}) {
  void box(chol::MatrixRef m, long k) {
    chol::potrf(m->at(k, k));
    if (k == m->P - 1) {
      emit<3>(m); // the last tile: done
      return;
    }
    emit<2>(m, m->P - 1 - k, k);
    for (long j = k + 1; j < m->P; ++j)
      emit<1>(m, j, k);
  }
}

Module Tri is Box ({M, <j>, <k>} -> {<t1>, <k>}) {
  void box(chol::MatrixRef m, long j, long k) {
    chol::trsm(m->at(k, k), m->at(j, k));
    emit<1>(1, k);
  }
}

Module Count1 is Box ({M, <need1>, <t1>, <k>}
                      -> {M, <need1>, <k>} | {M, <i>, <j>, <k>}
                       | {M, <need2>, <k>}) {
  void box(chol::MatrixRef m, long need, long, long k) {
    if (need > 1) {
      emit<1>(m, need - 1, k);
      return;
    }
    long p = m->P, updates = (p - 1 - k) * (p - k) / 2;
    emit<3>(m, updates, k);
    for (long i = k + 1; i < p; ++i)
      for (long j = k + 1; j <= i; ++j)
        emit<2>(m, i, j, k);
  }
}

Module Upd is Box ({M, <i>, <j>, <k>} -> {<t2>, <k>}) {
  void box(chol::MatrixRef m, long i, long j, long k) {
    chol::gemmNT(m->at(i, k), m->at(j, k), m->at(i, j));
    emit<1>(1, k);
  }
}

Module Count2 is Box ({M, <need2>, <t2>, <k>} -> {M, <need2>, <k>} | {M, <k>}) {
  void box(chol::MatrixRef m, long need, long, long k) {
    if (need > 1)
      emit<1>(m, need - 1, k);
    else
      emit<2>(m, k + 1);
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

Module Src {
  void run() {
    int n, b;
    chol::sizes(n, b);
    auto m = std::make_shared<chol::Matrix>(n, b);
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    send new aspen::ArrayPayload<long>(
        std::vector<long>{long(std::chrono::nanoseconds(now).count())}) on clock;
    auto *r = new aspen::snet::Record();
    r->field("M", m).tag("k", 0);
    send r;
  }
}

Module Sink {
  void run() {
    chol::MatrixRef m;
    long results = 0;
    while (QueueElement q = dequeue()) {
      m = getPayload<aspen::snet::Record>(q).get<chol::MatrixRef>("L");
      ++results;
    }
    auto now = std::chrono::steady_clock::now().time_since_epoch();
    QueueElement c = dequeue(clock);
    double secs = (std::chrono::nanoseconds(now).count() -
                   getPayload<aspen::ArrayPayload<long>>(c)[0]) / 1e9;
    if (results != 1) {
      std::printf("cholesky: %ld results\n", results);
      return;
    }
    double res = chol::residual(m->N, m->B, m->Tiles);
    std::printf("cholesky n=%d b=%d time %.4f s residual %.2e %s\n", m->N, m->B,
                secs, res, chol::verdict(res, m->N));
  }
}

// Tiled Cholesky on oneTBB's flow_graph: one continue_node per kernel call,
// an edge per dependence, the same kernels and matrix as the S-Net forms.
// TBB_WORKERS sets the number of threads (default: all cores).
#include "../../examples/snet-cholesky/tiles.h"
#include <chrono>
#include <cstdio>
#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>

using namespace oneapi::tbb;
using Node = flow::continue_node<flow::continue_msg>;

int main() {
  int N, B;
  chol::sizes(N, B);
  const int P = N / B;
  const char *W = std::getenv("TBB_WORKERS");
  global_control Limit(global_control::max_allowed_parallelism,
                       W ? std::atoi(W) : info::default_concurrency());
  chol::Matrix A(N, B);
  auto T = [&](int I, int J) -> chol::Tile & { return A.at(I, J); };

  // The clock starts before the graph is built: the graph is this matrix's
  // dependences, made at run time, as the S-Net forms make their
  // synchro-cell states while they run (3 to 4 ms at n = 2048, b = 64).
  auto T0 = std::chrono::steady_clock::now();
  flow::graph G;
  std::vector<std::unique_ptr<Node>> Potrf(P), Trsm(size_t(P) * P),
      Upd(size_t(P) * P * P);
  auto TrsmAt = [&](int J, int K) -> std::unique_ptr<Node> & {
    return Trsm[size_t(J) * P + K];
  };
  auto UpdAt = [&](int I, int J, int K) -> std::unique_ptr<Node> & {
    return Upd[(size_t(I) * P + J) * P + K];
  };
  for (int K = 0; K < P; ++K) {
    Potrf[K] = std::make_unique<Node>(
        G, [&, K](flow::continue_msg) { chol::potrf(T(K, K)); });
    for (int J = K + 1; J < P; ++J)
      TrsmAt(J, K) = std::make_unique<Node>(
          G, [&, J, K](flow::continue_msg) { chol::trsm(T(K, K), T(J, K)); });
    for (int I = K + 1; I < P; ++I)
      for (int J = K + 1; J <= I; ++J)
        UpdAt(I, J, K) =
            std::make_unique<Node>(G, [&, I, J, K](flow::continue_msg) {
              chol::gemmNT(T(I, K), T(J, K), T(I, J));
            });
  }
  for (int K = 0; K < P; ++K) {
    if (K > 0)
      flow::make_edge(*UpdAt(K, K, K - 1), *Potrf[K]);
    for (int J = K + 1; J < P; ++J) {
      flow::make_edge(*Potrf[K], *TrsmAt(J, K));
      if (K > 0)
        flow::make_edge(*UpdAt(J, K, K - 1), *TrsmAt(J, K));
    }
    for (int I = K + 1; I < P; ++I)
      for (int J = K + 1; J <= I; ++J) {
        flow::make_edge(*TrsmAt(I, K), *UpdAt(I, J, K));
        if (J != I)
          flow::make_edge(*TrsmAt(J, K), *UpdAt(I, J, K));
        if (K > 0)
          flow::make_edge(*UpdAt(I, J, K - 1), *UpdAt(I, J, K));
      }
  }
  Potrf[0]->try_put(flow::continue_msg());
  G.wait_for_all();
  double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  double Res = chol::residual(N, B, A.Tiles);
  std::printf("cholesky n=%d b=%d time %.4f s residual %.2e %s\n", N, B, Secs,
              Res, chol::verdict(Res, N));
  return std::strcmp(chol::verdict(Res, N), "WRONG") == 0;
}

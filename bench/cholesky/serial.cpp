// Tiled Cholesky, serial: the reference for speedups. The same kernels and
// matrix as the S-Net forms (examples/snet-cholesky/tiles.h).
#include "../../examples/snet-cholesky/tiles.h"
#include <chrono>
#include <cstdio>

int main() {
  int N, B;
  chol::sizes(N, B);
  const int P = N / B;
  chol::Matrix A(N, B);
  auto T = [&](int I, int J) -> chol::Tile & { return A.at(I, J); };
  auto T0 = std::chrono::steady_clock::now();
  for (int K = 0; K < P; ++K) {
    chol::potrf(T(K, K));
    for (int J = K + 1; J < P; ++J)
      chol::trsm(T(K, K), T(J, K));
    for (int I = K + 1; I < P; ++I)
      for (int J = K + 1; J <= I; ++J)
        chol::gemmNT(T(I, K), T(J, K), T(I, J));
  }
  double Secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  double Res = chol::residual(N, B, A.Tiles);
  std::printf("cholesky n=%d b=%d time %.4f s residual %.2e %s\n", N, B, Secs,
              Res, chol::verdict(Res, N));
  return std::strcmp(chol::verdict(Res, N), "WRONG") == 0;
}

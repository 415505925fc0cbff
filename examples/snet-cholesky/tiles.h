// Tiled Cholesky factorisation (Buttari et al.): the tile kernels, the test
// matrix and the check, shared by both S-Net forms (main.asp, barrier.asp)
// and by the serial and oneTBB versions in bench/cholesky, so every version
// runs the same code on the same data.
#ifndef ASPEN_EXAMPLES_CHOLESKY_TILES_H
#define ASPEN_EXAMPLES_CHOLESKY_TILES_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace chol {

/// One b x b tile, row major. Cache-line aligned: a TileRef made by
/// make_shared puts its reference counts just before the tile, and the
/// S-Net forms copy and drop TileRefs on one core while a kernel reads B and
/// V's pointer on another; sharing their line cost the kernels about 10%.
struct alignas(64) Tile {
  explicit Tile(int B) : B(B), V(size_t(B) * B) {}
  int B;
  std::vector<double> V;
  double &at(int I, int J) { return V[size_t(I) * B + J]; }
  double at(int I, int J) const { return V[size_t(I) * B + J]; }
};
using TileRef = std::shared_ptr<Tile>;

/// CHOL_KERNELS=0 makes the kernels return at once, leaving the dependence
/// graph alone: what a run then takes is the cost of coordinating the
/// kernel calls, which bench/run cholesky compares between the versions.
inline bool kernelsOn() {
  static const bool On = [] {
    const char *E = std::getenv("CHOL_KERNELS");
    return !E || std::strcmp(E, "0") != 0;
  }();
  return On;
}

/// A := L with L L^T = A (lower triangle; the upper one is zeroed).
inline void potrf(Tile &A) {
  if (!kernelsOn())
    return;
  const int B = A.B;
  for (int J = 0; J < B; ++J) {
    double S = A.at(J, J);
    for (int K = 0; K < J; ++K)
      S -= A.at(J, K) * A.at(J, K);
    double D = std::sqrt(S);
    A.at(J, J) = D;
    for (int I = J + 1; I < B; ++I) {
      double T = A.at(I, J);
      for (int K = 0; K < J; ++K)
        T -= A.at(I, K) * A.at(J, K);
      A.at(I, J) = T / D;
    }
    for (int K = J + 1; K < B; ++K)
      A.at(J, K) = 0;
  }
}

/// A := A L^-T, L lower triangular (the panel below a factored diagonal).
inline void trsm(const Tile &L, Tile &A) {
  if (!kernelsOn())
    return;
  const int B = A.B;
  for (int R = 0; R < B; ++R) {
    double *X = &A.V[size_t(R) * B];
    for (int C = 0; C < B; ++C) {
      double T = X[C];
      const double *LC = &L.V[size_t(C) * B];
      for (int K = 0; K < C; ++K)
        T -= LC[K] * X[K];
      X[C] = T / LC[C];
    }
  }
}

/// A := A - Li Lj^T (Li == Lj for a diagonal tile).
inline void gemmNT(const Tile &Li, const Tile &Lj, Tile &A) {
  if (!kernelsOn())
    return;
  const int B = A.B;
  for (int R = 0; R < B; ++R) {
    const double *X = &Li.V[size_t(R) * B];
    double *Out = &A.V[size_t(R) * B];
    for (int C = 0; C < B; ++C) {
      const double *Y = &Lj.V[size_t(C) * B];
      double S = 0;
      for (int K = 0; K < B; ++K)
        S += X[K] * Y[K];
      Out[C] -= S;
    }
  }
}

/// The test matrix: symmetric, entries in [0, 1), diagonal n, so strictly
/// diagonally dominant and positive definite. Entry (i, j) depends only on
/// i, j, so any tile can be made on its own.
inline double entry(int N, int I, int J) {
  if (I == J)
    return N;
  uint64_t A = uint64_t(std::min(I, J)), B = uint64_t(std::max(I, J));
  uint64_t H = (A * 0x9E3779B97F4A7C15ull) ^ (B + 0x632BE59BD9B4E019ull);
  H ^= H >> 31;
  H *= 0xBF58476D1CE4E5B9ull;
  H ^= H >> 29;
  return double(H >> 11) / double(1ull << 53);
}

/// Tile (ti, tj) of the test matrix.
inline TileRef makeTile(int N, int B, int Ti, int Tj) {
  auto T = std::make_shared<Tile>(B);
  for (int I = 0; I < B; ++I)
    for (int J = 0; J < B; ++J)
      T->at(I, J) = entry(N, Ti * B + I, Tj * B + J);
  return T;
}

/// The whole tiled matrix, for the form that passes it between phases.
struct Matrix {
  Matrix(int N, int B) : N(N), B(B), P(N / B), Tiles(size_t(P) * P) {
    for (int I = 0; I < P; ++I)
      for (int J = 0; J <= I; ++J)
        Tiles[size_t(I) * P + J] = makeTile(N, B, I, J);
  }
  Tile &at(long I, long J) { return *Tiles[size_t(I) * P + J]; }
  int N, B, P;
  std::vector<TileRef> Tiles; // the lower triangle, row major
};
using MatrixRef = std::shared_ptr<Matrix>;

/// The largest |(L L^T)(i, j) - A(i, j)| over every entry when n <= 512,
/// else over 4096 entries spread over the matrix. L[ti * p + tj] holds tile
/// (ti, tj) of the lower triangle.
inline double residual(int N, int B, const std::vector<TileRef> &L) {
  const int P = N / B;
  auto Get = [&](int I, int J) {
    return J > I ? 0.0 : L[size_t(I / B) * P + J / B]->at(I % B, J % B);
  };
  auto One = [&](int I, int J) {
    double S = 0;
    for (int K = 0; K <= std::min(I, J); ++K)
      S += Get(I, K) * Get(J, K);
    return std::fabs(S - entry(N, I, J));
  };
  double Worst = 0;
  if (N <= 512) {
    for (int I = 0; I < N; ++I)
      for (int J = 0; J <= I; ++J)
        Worst = std::max(Worst, One(I, J));
  } else {
    uint64_t X = 12345;
    for (int S = 0; S < 4096; ++S) {
      X = X * 6364136223846793005ull + 1442695040888963407ull;
      int I = int((X >> 33) % uint64_t(N));
      X = X * 6364136223846793005ull + 1442695040888963407ull;
      int J = int((X >> 33) % uint64_t(I + 1));
      Worst = std::max(Worst, One(I, J));
    }
  }
  return Worst;
}

/// The check's verdict on a residual: "ok" when L L^T = A to within
/// 1e-8 n, "WRONG" when not, "unchecked" when the kernels did not run.
inline const char *verdict(double Res, int N) {
  return !kernelsOn() ? "unchecked" : Res < 1e-8 * N ? "ok" : "WRONG";
}

/// CHOL_N and CHOL_B from the environment (defaults 512 and 64); n must be
/// a positive multiple of b.
inline void sizes(int &N, int &B) {
  const char *EN = std::getenv("CHOL_N");
  const char *EB = std::getenv("CHOL_B");
  N = EN ? std::atoi(EN) : 512;
  B = EB ? std::atoi(EB) : 64;
  if (B <= 0 || N <= 0 || N % B != 0 || N > 65536) {
    std::fprintf(stderr, "cholesky: CHOL_N=%s CHOL_B=%s: n must be a positive "
                 "multiple of b, at most 65536\n", EN ? EN : "", EB ? EB : "");
    std::exit(2);
  }
}

} // namespace chol

#endif

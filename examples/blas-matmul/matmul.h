// matmul.h - the blocked matrix multiply's data: the matrices, the tasks
// and results (ArrayPayload<double> with a small header, so they travel
// between nodes as they are), and the reference triple loop.
#ifndef MATMUL_H
#define MATMUL_H

#include <algorithm>
#include <aspen/runtime.h>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

// The graph constants of main.asp, also macros for this C++ (aspenc -D sets
// both; without -D the program's own values are these).
#ifndef MATRIX_SIZE
#define MATRIX_SIZE 192
#endif
#ifndef WORKERS
#define WORKERS 4
#endif

namespace matmul {

/// C is cut into Tiles x Tiles blocks.
constexpr int Tiles = 4;
/// Larger products are not checked against the triple loop.
constexpr int MaxChecked = 512;
/// A task or a block: round, block row, block column, tile size, n.
constexpr size_t HeaderSize = 5;

struct Header {
  int round, bi, bj, tile, n;
};

inline int size() {
  static_assert(MATRIX_SIZE % Tiles == 0,
                "MATRIX_SIZE must be a multiple of Tiles (4)");
  return MATRIX_SIZE;
}

/// How many times the product is computed: the program's first argument
/// (`./matmul 3`), 1 without one. The same on every node.
inline int rounds() {
  const std::vector<std::string> &args = aspen::programArgs();
  int r = args.empty() ? 1 : std::atoi(args[0].c_str());
  return r < 1 ? 1 : r;
}

inline std::vector<double> matrixA(int n) {
  std::vector<double> a(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[size_t(i) * n + j] = std::sin(0.01 * i + 0.02 * j);
  return a;
}

inline std::vector<double> matrixB(int n) {
  std::vector<double> b(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      b[size_t(i) * n + j] = std::cos(0.03 * i - 0.01 * j) / n;
  return b;
}

inline void setHeader(aspen::ArrayPayload<double> &p, const Header &h) {
  p[0] = h.round;
  p[1] = h.bi;
  p[2] = h.bj;
  p[3] = h.tile;
  p[4] = h.n;
}

inline Header header(const aspen::ArrayPayload<double> &p) {
  return {int(p[0]), int(p[1]), int(p[2]), int(p[3]), int(p[4])};
}

/// Block (bi, bj)'s task: the tile rows of A it needs (tile x n), then the
/// tile columns of B (n x tile), both row-major.
inline aspen::ArrayPayload<double> *makeTask(const std::vector<double> &a,
                                             const std::vector<double> &b,
                                             int n, int tile, int round, int bi,
                                             int bj) {
  auto *t = new aspen::ArrayPayload<double>(HeaderSize + 2 * size_t(tile) * n);
  setHeader(*t, {round, bi, bj, tile, n});
  double *rows = t->data() + HeaderSize;
  std::copy(a.begin() + size_t(bi) * tile * n,
            a.begin() + size_t(bi + 1) * tile * n, rows);
  double *cols = rows + size_t(tile) * n;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < tile; ++j)
      cols[size_t(k) * tile + j] = b[size_t(k) * n + bj * tile + j];
  return t;
}

/// The largest difference between c and A * B by the textbook loop.
inline double maxErrorAgainstTripleLoop(const std::vector<double> &c, int n) {
  std::vector<double> a = matrixA(n), b = matrixB(n);
  double worst = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      double s = 0;
      for (int k = 0; k < n; ++k)
        s += a[size_t(i) * n + k] * b[size_t(k) * n + j];
      worst = std::max(worst, std::fabs(s - c[size_t(i) * n + j]));
    }
  return worst;
}

} // namespace matmul

#endif // MATMUL_H

// A blocked matrix multiply C = A * B whose blocks are computed in parallel
// by OpenBLAS's cblas_dgemm, in action modules: aspenc takes the library
// on its command line as clang++ would.
//
//   aspenc main.asp -lopenblas -o matmul && ./matmul
//   aspenc -DMATRIX_SIZE=512 -DWORKERS=6 main.asp -lopenblas -o matmul   (sizes)
//   ./matmul 3                                  (repeat the product 3 times)
//   aspenc main.asp -lopenblas --hostfile hosts -o matmul      (on nodes)
//
// Split cuts C into Tiles x Tiles blocks and sends each block's task (the
// rows of A and the columns of B it needs) to the workers, round-robin;
// each Block worker multiplies its panels with cblas_dgemm and sends the
// block back; Collect assembles C and, up to MaxChecked rows, checks it against
// a plain triple loop.
#include <aspen/runtime.h>
#include <cblas.h>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>
#include "matmul.h"

Module Main is Root requires Module Split, Module Block, Module Collect {
  void initialize() {
    // -DWORKERS=... on aspenc's command line sets this constant and the
    // macro of the same name the C++ reads (matmul.h); -DMATRIX_SIZE=...
    // is a macro only, since the graph does not depend on it.
    const int WORKERS = 4;
    Split split;
    Block w[WORKERS];
    Collect collect;
    flow:
      split ||| w ||| collect;
  }
}

Module Split {
  void run() {
    const int n = matmul::size();
    const int tile = n / matmul::Tiles;
    std::vector<double> a = matmul::matrixA(n), b = matmul::matrixB(n);
    for (int round = 0; round < matmul::rounds(); ++round)
      for (int bi = 0; bi < matmul::Tiles; ++bi)
        for (int bj = 0; bj < matmul::Tiles; ++bj)
          send matmul::makeTask(a, b, n, tile, round, bi, bj);
  }
}

Module Block {
  int blocks = 0;

  void run() {
    // One OpenBLAS thread per call: the workers are the parallelism.
    openblas_set_num_threads(1);
    while (QueueElement q = dequeue()) {
      const auto &task = getPayload<ArrayPayload<double>>(q);
      const matmul::Header h = matmul::header(task);
      const int tile = h.tile, n = h.n;
      const double *rowsOfA = task.data() + matmul::HeaderSize;
      const double *colsOfB = rowsOfA + size_t(tile) * n;
      auto *c = new ArrayPayload<double>(matmul::HeaderSize +
                                         size_t(tile) * tile);
      matmul::setHeader(*c, h);
      // C block (tile x tile) = A rows (tile x n) * B columns (n x tile),
      // all row-major.
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, tile, tile, n,
                  1.0, rowsOfA, n, colsOfB, tile, 0.0,
                  c->data() + matmul::HeaderSize, tile);
      send c;
      ++blocks;
    }
    std::printf("%s: %d blocks\n", instanceName(), blocks);
  }
}

Module Collect {
  void run() {
    const int n = matmul::size();
    const int tile = n / matmul::Tiles;
    std::vector<double> c(size_t(n) * n, 0.0);
    int got = 0;
    const int expected = matmul::rounds() * matmul::Tiles * matmul::Tiles;
    while (QueueElement q = dequeue()) {
      const auto &block = getPayload<ArrayPayload<double>>(q);
      const matmul::Header h = matmul::header(block);
      for (int i = 0; i < tile; ++i)
        for (int j = 0; j < tile; ++j)
          c[size_t(h.bi * tile + i) * n + h.bj * tile + j] =
              block[matmul::HeaderSize + size_t(i) * tile + j];
      ++got;
    }
    double trace = 0;
    for (int i = 0; i < n; ++i)
      trace += c[size_t(i) * n + i];
    std::printf("matmul: %d x %d, %d blocks of %d x %d from %d workers, "
                "trace %.6g\n",
                n, n, got, tile, tile, WORKERS, trace);
    if (got != expected) {
      std::printf("matmul: FAILED: %d of %d blocks\n", got, expected);
      return;
    }
    if (n > matmul::MaxChecked) {
      std::printf("matmul: not checked (MATRIX_SIZE > %d)\n", matmul::MaxChecked);
      return;
    }
    const double err = matmul::maxErrorAgainstTripleLoop(c, n);
    std::printf("matmul: max |C - triple loop| = %.3g: %s\n", err,
                err < 1e-9 ? "OK" : "FAILED");
  }
}

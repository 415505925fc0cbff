// The serial baseline of bench/rde/matmul.asp: the same kernel in a loop.
#include "kernels.h"
#include <chrono>
#include <cstdio>

int main() {
  long n = rde::env("RDE_N", 512);
  rde::Matrices m(n);
  auto t0 = std::chrono::steady_clock::now();
  std::vector<double> c(n * n);
  for (long e = 0; e < n * n; ++e)
    c[e] = m.element(e);
  double s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  double sum = 0;
  for (double x : c)
    sum += x;
  std::printf("matmul: sum %.1f, 1 tasks, %.4f s\n", sum, s);
}

// The serial baseline of bench/rde/primes.asp: the same kernel in a loop.
#include "kernels.h"
#include <chrono>
#include <cstdio>

int main() {
  long n = rde::env("RDE_N", 3000000);
  auto t0 = std::chrono::steady_clock::now();
  long primes = rde::countTask(0, 1, n, 256);
  double s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  std::printf("primes: %ld primes, 1 tasks, %.4f s\n", primes, s);
}

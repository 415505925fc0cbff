// The kernels of RDE's two programs (Loghin, Tudor, Teo, "Direct Dataflow
// Execution on Multicore"), shared by the aspen programs and the serial
// baselines so that both run the same code:
//   PR  counts the primes in 1..n, trial division by every j with j*j <= i
//       (irregular tasks: the cost grows with i). Not the paper's SISAL
//       kernel construct for construct: its inner loop searches the
//       divisors of each number up to the number (5/2 n^2 dataflow nodes),
//       which at the n here would take hours; this one stops at the square
//       root and at the first divisor;
//   MM  multiplies two n x n matrices with three loops (regular tasks).
// Work is cut into tasks of GRAIN items (numbers for PR, elements of C for
// MM). PR's task t of T takes every T-th block of up to 256 numbers from
// block t, so tasks cost the same at every grain and a vector of workers
// stays balanced even at one task per core; MM's tasks are GRAIN
// consecutive elements of C.
#pragma once
#include <cstdlib>
#include <memory>
#include <vector>

namespace rde {

inline long env(const char *Name, long Default) {
  const char *V = std::getenv(Name);
  return V ? std::atol(V) : Default;
}

inline bool isPrime(long I) {
  if (I < 2)
    return false;
  for (long J = 2; J * J <= I; ++J)
    if (I % J == 0)
      return false;
  return true;
}

/// PR: the primes among task T's numbers (of Tasks), up to N: blocks of
/// Block consecutive numbers, every Tasks-th block from block T. A block of
/// numbers costs about what its neighbours cost, so tasks of many blocks
/// cost the same (taking every Tasks-th number instead would give one of
/// two tasks all the even numbers, which cost nothing).
inline long countTask(long T, long Tasks, long N, long Block) {
  long C = 0;
  for (long First = T * Block + 1; First <= N; First += Tasks * Block)
    for (long I = First; I < First + Block && I <= N; ++I)
      C += isPrime(I);
  return C;
}

/// PR's block: the grain itself up to 256 numbers.
inline long blockFor(long Grain) { return Grain < 256 ? Grain : 256; }

struct Matrices {
  long N;
  std::vector<double> A, B;
  explicit Matrices(long N) : N(N), A(N * N), B(N * N) {
    for (long I = 0; I < N * N; ++I) {
      A[I] = double((I * 7) % 13) - 6.0;
      B[I] = double((I * 5) % 11) - 5.0;
    }
  }
  /// C's element E (row E / N, column E % N).
  double element(long E) const {
    long R = E / N, Col = E % N;
    double S = 0;
    for (long K = 0; K < N; ++K)
      S += A[R * N + K] * B[K * N + Col];
    return S;
  }
};

} // namespace rde

// oneTBB peer of bench/allreduce, inside one node: the product of PEERS
// contributions of ALLREDUCE_DOUBLES doubles each, every round, median
// round time. In shared memory a oneTBB user does not pass the
// contributions as messages: each participant's vector stays where it is,
// and one tbb::parallel_for over the elements (auto_partitioner, the
// default; the task arena oneTBB sizes to the machine) multiplies them into
// one result that every participant then reads in place. So a round here is
// the reduction and the hand-back together, with no copy and no message:
// the floor of what a shared-memory all-reduce can cost, not a like-for-
// like implementation of the collective (docs/benchmarks.md says so). A
// round ends once the whole result has been read (every element checked),
// as on the other sides.
//
//   ALLREDUCE_PEERS=4 ALLREDUCE_DOUBLES=1024 ./tbb_allreduce
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <vector>

int main() {
  const char *P = std::getenv("ALLREDUCE_PEERS");
  const size_t Peers = P ? std::strtoul(P, nullptr, 10) : 2;
  const char *N = std::getenv("ALLREDUCE_DOUBLES");
  const size_t n = N ? std::strtoul(N, nullptr, 10) : 1;
  const char *R = std::getenv("ALLREDUCE_ROUNDS");
  const int Rounds = R ? std::atoi(R) : 1000, Warmup = Rounds / 10;
  if (Peers < 1 || n < 1 || Rounds < 1) {
    std::fprintf(stderr, "tbb_allreduce: bad ALLREDUCE_PEERS, _DOUBLES or "
                         "_ROUNDS\n");
    return 1;
  }
  // As on the other sides, ones: their product stays one, so every round
  // is checked and no value drifts.
  std::vector<std::vector<double>> In(Peers, std::vector<double>(n, 1.0));
  std::vector<double> Out(n);
  std::vector<double> Us;
  for (int I = -Warmup; I < Rounds; ++I) {
    auto T0 = std::chrono::steady_clock::now();
    tbb::parallel_for(tbb::blocked_range<size_t>(0, n),
                      [&](const tbb::blocked_range<size_t> &Rg) {
                        for (size_t E = Rg.begin(); E != Rg.end(); ++E) {
                          double X = In[0][E];
                          for (size_t Q = 1; Q < Peers; ++Q)
                            X *= In[Q][E];
                          Out[E] = X;
                        }
                      });
    size_t Wrong = 0;
    for (size_t E = 0; E < n; ++E)
      Wrong += Out[E] != 1.0;
    auto T1 = std::chrono::steady_clock::now();
    if (Wrong)
      std::printf("allreduce: WRONG product %f\n", Out[0]);
    if (I >= 0)
      Us.push_back(std::chrono::duration<double, std::micro>(T1 - T0).count());
  }
  std::sort(Us.begin(), Us.end());
  std::printf("allreduce: %zu instances, %zu doubles, median %.2f us\n", Peers,
              n, Us[Us.size() / 2]);
  return 0;
}

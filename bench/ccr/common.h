// What the CCR pattern programs share: the rounds to run and the line they
// print, which bench/run reads (the MPI peer prints the same).
#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>

inline long ccrRounds() {
  const char *R = std::getenv("CCR_ROUNDS");
  return R ? std::atol(R) : 100000;
}

inline double ccrSeconds(std::chrono::steady_clock::time_point T0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
      .count();
}

/// Rounds timed over Seconds, PerRound messages each.
inline void ccrReport(const char *Pattern, int Instances, long Rounds,
                      double Seconds, long PerRound) {
  std::printf("%s: %d instances, %ld rounds: %.3f us per round, %.3f million "
              "messages/s\n",
              Pattern, Instances, Rounds, Seconds * 1e6 / double(Rounds),
              double(Rounds) * double(PerRound) / Seconds / 1e6);
}

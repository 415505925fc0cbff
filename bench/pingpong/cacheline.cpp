// The hardware's floor under a cross-core ping-pong: two threads pinned to
// two cores bounce one cache line (each spins on a flag the other writes).
// No queue, no payload, no scheduler: what a message's round trip cannot go
// below on this machine, measured as examples/pingpong measures its own.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <thread>
#include <vector>

alignas(64) std::atomic<long> Ping{0};
alignas(64) std::atomic<long> Pong{0};

static void pin(int Cpu) {
  cpu_set_t S;
  CPU_ZERO(&S);
  CPU_SET(Cpu, &S);
  pthread_setaffinity_np(pthread_self(), sizeof S, &S);
}

int main() {
  const char *Env = std::getenv("PINGPONG_ROUNDS");
  long Rounds = Env ? std::atol(Env) : 100000, Warmup = Rounds / 10;
  std::thread Other([&] {
    pin(1);
    for (long I = 1; I <= Warmup + Rounds; ++I) {
      while (Ping.load(std::memory_order_acquire) != I)
        __builtin_ia32_pause();
      Pong.store(I, std::memory_order_release);
    }
  });
  pin(0);
  std::vector<double> Ns;
  Ns.reserve(Rounds);
  for (long I = 1; I <= Warmup + Rounds; ++I) {
    auto T0 = std::chrono::steady_clock::now();
    Ping.store(I, std::memory_order_release);
    while (Pong.load(std::memory_order_acquire) != I)
      __builtin_ia32_pause();
    auto T1 = std::chrono::steady_clock::now();
    if (I > Warmup)
      Ns.push_back(std::chrono::duration<double, std::nano>(T1 - T0).count());
  }
  Other.join();
  std::sort(Ns.begin(), Ns.end());
  std::printf("cache line: %ld round trips, median %.0f ns, p99 %.0f ns\n",
              Rounds, Ns[Ns.size() / 2], Ns[Ns.size() * 99 / 100]);
}

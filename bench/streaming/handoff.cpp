// The floor under one-to-one streaming across two cores: a producer thread
// allocates each 8-byte message as a heap object (as a payload is) and hands
// the pointer to a consumer thread through the runtime's own SPSC ring
// (rt/lib/queue/SPSCQueue.h), spinning when it is full or empty; the
// consumer reads and frees it. Linked with jemalloc, as aspen programs are.
// No scheduler, no parking, no wake-up protocol: what the runtime adds on
// top of the queue is the difference.
#include "queue/SPSCQueue.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <thread>

namespace {
struct Message {
  virtual ~Message() = default;
  long Value = 0;
};

void pin(int Cpu) {
  cpu_set_t S;
  CPU_ZERO(&S);
  CPU_SET(Cpu, &S);
  pthread_setaffinity_np(pthread_self(), sizeof S, &S);
}
} // namespace

int main() {
  const char *Env = std::getenv("STREAM_MESSAGES");
  long N = Env ? std::atol(Env) : 10000000;
  aspen::rt::SPSCQueue<Message *> Q(256);
  auto T0 = std::chrono::steady_clock::now();
  std::thread Producer([&] {
    pin(1);
    for (long I = 0; I < N; ++I) {
      auto *M = new Message;
      M->Value = I;
      while (!Q.tryPush(M))
        __builtin_ia32_pause();
    }
  });
  pin(0);
  long Sum = 0;
  for (long I = 0; I < N; ++I) {
    Message *M;
    while (!Q.tryPop(M))
      __builtin_ia32_pause();
    Sum += M->Value;
    delete M;
  }
  Producer.join();
  double S =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - T0)
          .count();
  if (Sum != N * (N - 1) / 2)
    std::printf("handoff: WRONG checksum\n");
  std::printf("handoff: %ld messages in %.3f s, %.2f million messages/s\n", N,
              S, N / S / 1e6);
}

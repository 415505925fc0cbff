// A payload that counts how many of its objects are alive.
#ifndef RUN_INPUTS_COUNTED_H
#define RUN_INPUTS_COUNTED_H
#include <aspen/runtime.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>

inline std::atomic<int> liveCounted{0};
inline std::atomic<int> madeCounted{0};

struct Counted : aspen::Payload {
  explicit Counted(int V) : value(V) { ++liveCounted, ++madeCounted; }
  ~Counted() override { --liveCounted; }
  int value;
};

/// Registers a handler that prints the counts when the program exits,
/// after the runtime has released what was left in the queues.
inline void reportCountedAtExit() {
  std::atexit([] {
    std::printf("at exit: %d made, %d alive\n", madeCounted.load(),
                liveCounted.load());
  });
}

#endif

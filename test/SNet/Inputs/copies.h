// A field value that counts its copies; moves are free.
#ifndef SNET_INPUTS_COPIES_H
#define SNET_INPUTS_COPIES_H
#include <atomic>

struct CopyCounted {
  static inline std::atomic<int> Copies{0};
  explicit CopyCounted(int V) : V(V) {}
  CopyCounted(const CopyCounted &O) : V(O.V) { ++Copies; }
  CopyCounted(CopyCounted &&) = default;
  int V;
};

#endif

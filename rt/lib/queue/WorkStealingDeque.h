//===- WorkStealingDeque.h - Chase-Lev work-stealing deque ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The Chase-Lev deque (D. Chase, Y. Lev, "Dynamic Circular Work-Stealing
// Deque", SPAA'05) with the C11 memory orderings proved correct by N. M. Lê,
// A. Pop, A. Cohen, F. Zappa Nardelli, "Correct and Efficient Work-Stealing
// for Weak Memory Models", PPoPP'13 (their Fig. 1). The owner pushes and pops
// at the bottom; thieves steal from the top with one CAS.
//
// Guarantees:
//  - push/pop by the owner thread only; steal from any thread;
//  - pop and steal are lock-free, push is wait-free except when the ring
//    grows (it doubles; old rings are kept until destruction, so a thief
//    still reading one never touches freed memory);
//  - top and bottom on separate cache lines;
//  - every pushed item is returned exactly once, by pop or by one steal.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_WORKSTEALINGDEQUE_H
#define ASPEN_RT_QUEUE_WORKSTEALINGDEQUE_H

#include "queue/SPSCQueue.h"
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace aspen::rt {

template <typename T> class WorkStealingDeque {
  static_assert(std::is_trivially_copyable_v<T>, "items are copied racily");

  struct Ring {
    explicit Ring(int64_t Capacity)
        : Mask(Capacity - 1), Items(new std::atomic<T>[Capacity]) {}
    int64_t capacity() const { return Mask + 1; }
    // Acquire/release on the items costs nothing on x86-64 and states the
    // hand-off directly, where the paper relies on the fences (which tools
    // such as ThreadSanitizer do not model).
    T get(int64_t I) const {
      return Items[I & Mask].load(std::memory_order_acquire);
    }
    void put(int64_t I, T V) {
      Items[I & Mask].store(V, std::memory_order_release);
    }
    int64_t Mask;
    std::unique_ptr<std::atomic<T>[]> Items;
  };

public:
  explicit WorkStealingDeque(int64_t Capacity = 1024) {
    Rings.emplace_back(new Ring(ceilPow2AtLeast2(Capacity)));
    Current.store(Rings.back().get(), std::memory_order_relaxed);
  }
  WorkStealingDeque(const WorkStealingDeque &) = delete;
  WorkStealingDeque &operator=(const WorkStealingDeque &) = delete;

  /// Owner only.
  void push(T V) {
    int64_t B = Bottom.load(std::memory_order_relaxed);
    int64_t Tp = Top.load(std::memory_order_acquire);
    Ring *R = Current.load(std::memory_order_relaxed);
    if (B - Tp > R->Mask)
      R = grow(R, Tp, B);
    R->put(B, V);
    Bottom.store(B + 1, std::memory_order_release);
  }

  /// Owner only. Newest item first (LIFO), for locality.
  bool pop(T &Out) {
    int64_t B = Bottom.load(std::memory_order_relaxed) - 1;
    Ring *R = Current.load(std::memory_order_relaxed);
    Bottom.store(B, std::memory_order_relaxed);
    fullFence();
    int64_t Tp = Top.load(std::memory_order_relaxed);
    if (Tp > B) { // empty
      Bottom.store(B + 1, std::memory_order_relaxed);
      return false;
    }
    Out = R->get(B);
    if (Tp == B) { // the last item: race thieves for it
      bool Won = Top.compare_exchange_strong(
          Tp, Tp + 1, std::memory_order_seq_cst, std::memory_order_relaxed);
      Bottom.store(B + 1, std::memory_order_relaxed);
      return Won;
    }
    return true;
  }

  /// Any thread. Oldest item first (FIFO).
  bool steal(T &Out) {
    int64_t Tp = Top.load(std::memory_order_acquire);
    fullFence();
    int64_t B = Bottom.load(std::memory_order_acquire);
    if (Tp >= B)
      return false;
    Ring *R = Current.load(std::memory_order_consume);
    T V = R->get(Tp);
    if (!Top.compare_exchange_strong(Tp, Tp + 1, std::memory_order_seq_cst,
                                     std::memory_order_relaxed))
      return false; // lost to another thief or to the owner
    Out = V;
    return true;
  }

  /// Approximate unless quiescent.
  int64_t size() const {
    int64_t N = Bottom.load(std::memory_order_relaxed) -
                Top.load(std::memory_order_relaxed);
    return N > 0 ? N : 0;
  }

  /// Approximate unless quiescent.
  bool empty() const {
    return Bottom.load(std::memory_order_relaxed) <=
           Top.load(std::memory_order_relaxed);
  }

private:
  Ring *grow(Ring *Old, int64_t Tp, int64_t B) {
    auto *New = new Ring(Old->capacity() * 2);
    for (int64_t I = Tp; I < B; ++I)
      New->put(I, Old->get(I));
    Rings.emplace_back(New);
    Current.store(New, std::memory_order_release);
    return New;
  }

  alignas(CacheLine) std::atomic<int64_t> Top{0};
  alignas(CacheLine) std::atomic<int64_t> Bottom{0};
  alignas(CacheLine) std::atomic<Ring *> Current{nullptr};
  std::vector<std::unique_ptr<Ring>> Rings; // owner only
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_WORKSTEALINGDEQUE_H

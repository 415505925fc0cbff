//===- SPSCQueue.h - Bounded single-producer single-consumer ring -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Lamport's ring buffer (L. Lamport, "Specifying concurrent program modules",
// TOPLAS 1983) with each side caching the other side's index, as in
// FastForward (Giacomoni et al., PPoPP'08): the shared indices are read only
// when the cached copy says the ring looks full (producer) or empty
// (consumer), so in steady state each operation touches one shared line.
//
// Guarantees:
//  - wait-free tryPush / tryPop, no locks, no allocation after construction;
//  - producer and consumer indices on separate 64-byte cache lines;
//  - FIFO; an element is visible to the consumer once tryPush returned
//    (release/acquire on the indices);
//  - exactly one producer thread and one consumer thread at a time (fibers
//    migrating between workers are fine: the scheduler's hand-off is a
//    release/acquire pair).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_SPSCQUEUE_H
#define ASPEN_RT_QUEUE_SPSCQUEUE_H

#include "queue/Bits.h"
#include <atomic>
#include <cstddef>
#include <memory>

namespace aspen::rt {

inline constexpr size_t CacheLine = 64;

/// A full (sequentially consistent) fence. On x86-64 a locked add to the top
/// of the stack orders exactly like mfence for ordinary memory and costs a
/// fraction of it, which matters on the send and dequeue paths (the Linux
/// kernel's smp_mb() uses the same instruction).
inline void fullFence() noexcept {
#if defined(__x86_64__) && !defined(ASPEN_TSAN_BUILD)
  asm volatile("lock; addl $0, -4(%%rsp)" ::: "memory", "cc");
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

template <typename T> class SPSCQueue {
public:
  /// Capacity is rounded up to a power of two (at least 2).
  explicit SPSCQueue(size_t Capacity) {
    size_t C = ceilPow2AtLeast2(Capacity);
    Mask = C - 1;
    Slots.reset(new T[C]);
  }
  SPSCQueue(const SPSCQueue &) = delete;
  SPSCQueue &operator=(const SPSCQueue &) = delete;

  size_t capacity() const { return Mask + 1; }

  bool tryPush(T V) noexcept {
    size_t T0 = Tail.load(std::memory_order_relaxed);
    if (T0 - CachedHead > Mask) {
      CachedHead = Head.load(std::memory_order_acquire);
      if (T0 - CachedHead > Mask)
        return false;
    }
    Slots[T0 & Mask] = V;
    Tail.store(T0 + 1, std::memory_order_release);
    return true;
  }

  bool tryPop(T &Out) noexcept {
    size_t H = Head.load(std::memory_order_relaxed);
    if (H == CachedTail) {
      CachedTail = Tail.load(std::memory_order_acquire);
      if (H == CachedTail)
        return false;
    }
    Out = Slots[H & Mask];
    Head.store(H + 1, std::memory_order_release);
    return true;
  }

  /// Approximate when called concurrently; exact when quiescent.
  size_t size() const noexcept {
    return Tail.load(std::memory_order_acquire) -
           Head.load(std::memory_order_acquire);
  }

  /// For the consumer: the elements popped so far (the last one popped was
  /// at position popped() - 1).
  size_t popped() const noexcept {
    return Head.load(std::memory_order_relaxed);
  }

private:
  alignas(CacheLine) std::atomic<size_t> Head{0}; // written by the consumer
  size_t CachedTail = 0;                          // consumer's copy of Tail
  alignas(CacheLine) std::atomic<size_t> Tail{0}; // written by the producer
  size_t CachedHead = 0;                          // producer's copy of Head
  alignas(CacheLine) size_t Mask = 0;
  std::unique_ptr<T[]> Slots;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_SPSCQUEUE_H

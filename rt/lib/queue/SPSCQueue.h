//===- SPSCQueue.h - Bounded single-producer single-consumer ring -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// FastForward (Giacomoni, Moseley and Vachharajani, "FastForward for
// efficient pipeline parallelism", PPoPP'08): a ring of pointers in which
// the slot itself says whether it is full (non-null) or free (null), so the
// producer and the consumer share no index. A hand-off moves one cache line,
// the slot's, from producer to consumer, where Lamport's ring (with or
// without cached indices) moves the slot's line and the tail index's: the
// consumer that waits reads the tail, misses, then reads the slot and misses
// again. On the send-dequeue path that is one cross-core transfer instead of
// two for every message when the consumer keeps up.
//
// Elements are pointers; a null one that is pushed travels as the address
// of a private byte and comes out null again.
//
// Guarantees:
//  - wait-free tryPush / tryPop, no locks, no allocation after construction;
//  - FIFO; an element (and what it points to) is visible to the consumer
//    once tryPush returned (release store of the slot, acquire load);
//  - the producer never overwrites a slot before the consumer has taken
//    it (the consumer's release store of null, the producer's acquire load);
//  - Head and Tail are each written by one side only, on their own cache
//    lines, and read by the other side only for size() (statistics), so the
//    hot path shares no line but the slots';
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
#include <type_traits>

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
  static_assert(std::is_pointer_v<T>, "SPSCQueue holds pointers: a free slot "
                                      "is a null one");

public:
  /// Capacity is rounded up to a power of two (at least 2).
  explicit SPSCQueue(size_t Capacity) {
    size_t C = ceilPow2AtLeast2(Capacity);
    Mask = C - 1;
    Slots.reset(new std::atomic<T>[C]);
    for (size_t I = 0; I < C; ++I)
      Slots[I].store(nullptr, std::memory_order_relaxed);
  }
  SPSCQueue(const SPSCQueue &) = delete;
  SPSCQueue &operator=(const SPSCQueue &) = delete;

  size_t capacity() const { return Mask + 1; }

  bool tryPush(T V) noexcept {
    size_t T0 = Tail.load(std::memory_order_relaxed);
    std::atomic<T> &S = Slots[T0 & Mask];
    if (S.load(std::memory_order_acquire))
      return false; // the consumer has not taken this slot's last element
    S.store(V ? V : nullMark(), std::memory_order_release);
    Tail.store(T0 + 1, std::memory_order_relaxed);
    return true;
  }

  bool tryPop(T &Out) noexcept {
    size_t H = Head.load(std::memory_order_relaxed);
    std::atomic<T> &S = Slots[H & Mask];
    T V = S.load(std::memory_order_acquire);
    if (!V)
      return false;
    S.store(nullptr, std::memory_order_release);
    Head.store(H + 1, std::memory_order_relaxed);
    Out = V == nullMark() ? nullptr : V;
    return true;
  }

  /// Approximate when called concurrently; exact when quiescent.
  size_t size() const noexcept {
    size_t H = Head.load(std::memory_order_acquire);
    size_t T0 = Tail.load(std::memory_order_acquire);
    return T0 > H ? T0 - H : 0;
  }

  /// For the consumer: the elements popped so far (the last one popped was
  /// at position popped() - 1).
  size_t popped() const noexcept {
    return Head.load(std::memory_order_relaxed);
  }

private:
  static T nullMark() noexcept {
    static char Mark;
    return reinterpret_cast<T>(&Mark);
  }

  alignas(CacheLine) std::atomic<size_t> Head{0}; // written by the consumer
  alignas(CacheLine) std::atomic<size_t> Tail{0}; // written by the producer
  alignas(CacheLine) size_t Mask = 0;
  std::unique_ptr<std::atomic<T>[]> Slots;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_SPSCQUEUE_H

//===- MPSCQueue.h - Bounded multi-producer single-consumer queue -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// D. Vyukov's bounded MPMC queue (1024cores.net, "Bounded MPMC queue"),
// specialised to one consumer: every cell carries a sequence number that
// says whose turn it is, producers claim cells with one CAS on the tail, and
// the single consumer needs no read-modify-write at all.
//
// With a small capacity above the capacity (SPSCQueue.h), the ring has
// the small capacity's cells, and an element that is not small is pushed
// only while the queue holds fewer than the capacity: the producer reads
// the consumer's count for it (asked for small elements first, whose push
// then reads nothing more).
//
// Guarantees:
//  - lock-free tryPush (a producer retries only when another producer won
//    the same cell), wait-free tryPop; no allocation after construction;
//  - head, tail and the cells on separate cache lines;
//  - FIFO in the order producers claimed their cells; an element becomes
//    visible once its producer's tryPush returned;
//  - at most smallCapacity() elements are queued; one that is not small
//    is pushed only while fewer than capacity() are (each producer may
//    count one it is about to push: the bound may be passed by one per
//    producer);
//  - any number of producer threads, one consumer thread at a time.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_MPSCQUEUE_H
#define ASPEN_RT_QUEUE_MPSCQUEUE_H

#include "queue/SPSCQueue.h"
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace aspen::rt {

template <typename T> class MPSCQueue {
public:
  /// Whether an element is small (may be queued past the capacity).
  using SmallTest = bool (*)(T);

  /// Both bounds are rounded up to a power of two (at least 2); a small
  /// capacity below the capacity is the capacity.
  explicit MPSCQueue(size_t Capacity, size_t SmallCapacity = 0) {
    Soft = ceilPow2AtLeast2(Capacity);
    size_t C = std::max(Soft, ceilPow2AtLeast2(SmallCapacity));
    Mask = C - 1;
    Cells.reset(new Cell[C]);
    for (size_t I = 0; I < C; ++I)
      Cells[I].Seq.store(I, std::memory_order_relaxed);
  }
  MPSCQueue(const MPSCQueue &) = delete;
  MPSCQueue &operator=(const MPSCQueue &) = delete;

  size_t capacity() const { return Soft; }
  size_t smallCapacity() const { return Mask + 1; }
  /// What each of the smallCapacity() cells takes, from the start.
  static constexpr size_t cellBytes() { return sizeof(Cell); }

  bool tryPush(T V, SmallTest Small = nullptr) noexcept {
    size_t Unused;
    return tryPushAt(V, Unused, Small);
  }

  /// tryPush, telling the position the element took (the producers' order
  /// is the queue's, so the consumer pops it as its At-th element).
  bool tryPushAt(T V, size_t &At, SmallTest Small = nullptr) noexcept {
    size_t Pos = Tail.load(std::memory_order_relaxed);
    // Pos may be behind Head by now: the difference is signed.
    if (Soft != Mask + 1 && !(Small && Small(V)) &&
        intptr_t(Pos - Head.load(std::memory_order_relaxed)) >= intptr_t(Soft))
      return false; // holds the capacity, and this element is not small
    for (;;) {
      Cell &C = Cells[Pos & Mask];
      size_t Seq = C.Seq.load(std::memory_order_acquire);
      intptr_t Diff = intptr_t(Seq) - intptr_t(Pos);
      if (Diff == 0) {
        if (Tail.compare_exchange_weak(Pos, Pos + 1, std::memory_order_relaxed))
          break;
      } else if (Diff < 0) {
        return false; // full: the consumer has not freed this cell yet
      } else {
        Pos = Tail.load(std::memory_order_relaxed);
      }
    }
    Cell &C = Cells[Pos & Mask];
    C.Value = V;
    C.Seq.store(Pos + 1, std::memory_order_release);
    At = Pos;
    return true;
  }

  bool tryPop(T &Out) noexcept {
    size_t H = Head.load(std::memory_order_relaxed);
    Cell &C = Cells[H & Mask];
    size_t Seq = C.Seq.load(std::memory_order_acquire);
    if (Seq != H + 1)
      return false; // empty, or a producer claimed the cell but is not done
    Out = C.Value;
    C.Seq.store(H + Mask + 1, std::memory_order_release);
    Head.store(H + 1, std::memory_order_relaxed);
    return true;
  }

  /// From any thread: an estimate (exact when nothing moves). Head is read
  /// first: it never passes Tail, so the difference is never negative.
  size_t size() const noexcept {
    size_t H = Head.load(std::memory_order_relaxed);
    return Tail.load(std::memory_order_acquire) - H;
  }

  /// For the consumer: the elements popped so far.
  size_t popped() const noexcept {
    return Head.load(std::memory_order_relaxed);
  }

private:
  // Cells are packed: under contention producers are spread over the ring,
  // and padding each cell would multiply the memory of every fan-in port.
  struct Cell {
    std::atomic<size_t> Seq;
    T Value;
  };
  // Written by the consumer only; atomic so size() may read it anywhere
  // (a plain load and store on x86).
  alignas(CacheLine) std::atomic<size_t> Head{0};
  alignas(CacheLine) std::atomic<size_t> Tail{0};
  alignas(CacheLine) size_t Mask = 0;
  size_t Soft = 0; // the capacity (Mask + 1 is the small capacity)
  std::unique_ptr<Cell[]> Cells;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_MPSCQUEUE_H

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
// The ring starts small (InitialSlots) and grows by doubling, up to the
// capacity, only when the producer finds it full: a program of 10^5
// instances whose edges each carry a message at a time keeps 144 bytes per
// edge instead of 2 KiB, and a streaming edge reaches its full size after a
// few hundred messages and then allocates nothing. Growing does not move
// elements: the producer links a new segment behind the full one and goes
// on there; the consumer follows the link once it has emptied the old one,
// and frees it. Positions are global (slot Pos & Mask of whichever segment
// holds Pos), so both sides agree where the new segment starts. The bound
// on elements queued in all segments together is the capacity, checked
// against the consumer's count, which the producer reads only when its
// cached copy says the bound may be reached.
//
// At the full size the producer reads slots a batch at a time, as B-Queue
// does (Wang, Zhang, Tang and Ren, "B-Queue: Efficient and Practical
// Queuing for Fast Core-to-Core Communication", IJPP 2013): the slot
// Batch - 1 ahead being free means every slot before it is (the consumer
// frees them in order), so the next Batch pushes store without loading.
// A patient push fails rather than take a single free slot when the slot
// a batch ahead is still full: a producer that outruns its consumer then
// writes lines the consumer has left, where taking each slot as soon as
// it was freed bounced the slot's line between the cores on every
// message.
//
// Guarantees:
//  - wait-free tryPush / tryPop, no locks, no allocation once the ring
//    has its full size;
//  - FIFO; an element (and what it points to) is visible to the consumer
//    once tryPush returned (release store of the slot, acquire load);
//  - the producer never overwrites a slot before the consumer has taken
//    it (the consumer's release store of null, then of Head; the
//    producer's acquire load of that slot, of one after it in the same
//    lap, or of Head showing fewer than a segment's length queued);
//  - a push that is not patient fails only when the queue holds
//    capacity() elements (or memory for a larger segment runs out);
//  - at most capacity() elements are queued;
//  - Head and Tail are each written by one side only, on their own cache
//    lines; Head is read by the producer only when the queue may be at
//    its bound, and both by size() (statistics), so the hot path shares no
//    line but the slots';
//  - exactly one producer thread and one consumer thread at a time (fibers
//    migrating between workers are fine: the scheduler's hand-off is a
//    release/acquire pair).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_SPSCQUEUE_H
#define ASPEN_RT_QUEUE_SPSCQUEUE_H

#include "queue/Bits.h"
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <new>
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
  /// The size of the first segment (or the capacity, if smaller).
  static constexpr size_t InitialSlots = 16;
  static constexpr size_t MaxBatch = 32;

  /// Capacity is rounded up to a power of two (at least 2).
  explicit SPSCQueue(size_t Capacity)
      : Cap(ceilPow2AtLeast2(Capacity)), Batch(std::min(Cap, MaxBatch)) {
    PSeg = CSeg = Segment::make(std::min(Cap, InitialSlots));
    if (!PSeg)
      throw std::bad_alloc();
    CFinal = Settled = PSeg->size() == Cap;
    PSlots = CSlots = PSeg->slots();
    PMask = CMask = PSeg->Mask;
  }
  SPSCQueue(const SPSCQueue &) = delete;
  SPSCQueue &operator=(const SPSCQueue &) = delete;
  ~SPSCQueue() {
    for (Segment *S = CSeg; S;) {
      Segment *N = S->Next.load(std::memory_order_relaxed);
      Segment::destroy(S);
      S = N;
    }
  }

  size_t capacity() const { return Cap; }
  /// How many free slots in a row a patient push waits for.
  size_t batch() const { return Batch; }

  /// Patient: once the ring is full-size, fail rather than fill a slot
  /// while fewer than batch() slots are free in a row (the caller waits
  /// for a batch, then writes it without reading the slots, far behind the
  /// consumer). Without it, any free slot is taken.
  [[gnu::always_inline]] bool tryPush(T V, bool Patient = false) noexcept {
    // Within a batch known free: two stores, inlined into the send.
    const size_t T0 = Tail.load(std::memory_order_relaxed);
    if (T0 < FreeUntil) [[likely]] {
      PSlots[T0 & PMask].store(V ? V : nullMark(), std::memory_order_release);
      Tail.store(T0 + 1, std::memory_order_relaxed);
      return true;
    }
    return tryPushSlow(V, Patient);
  }

  [[gnu::noinline]] bool tryPushSlow(T V, bool Patient) noexcept {
    size_t T0 = Tail.load(std::memory_order_relaxed);
    // Until the consumer is in the full-size segment, older segments may
    // hold elements too, and the bound is counted. From then on a free
    // slot is room, as in a ring of one segment.
    if (!Settled) [[unlikely]] {
      // Head is reloaded when the cached copy says this segment may be
      // full: once per segment's length of pushes, not on every one.
      if (T0 - CachedHead > PMask) {
        CachedHead = Head.load(std::memory_order_acquire);
        if (T0 - CachedHead >= Cap)
          return false;
      }
      // The consumer can reach the full-size segment only after the
      // producer made it. CFinalShared shares its line with Head, which
      // the consumer writes at every pop: read on every push, it cost a
      // transfer of that line per message on a queue that never grows (a
      // ping-pong's, one message in flight).
      if (PMask + 1 == Cap)
        Settled = CFinalShared.load(std::memory_order_acquire);
    }
    std::atomic<T> *S = &PSlots[T0 & PMask];
    if (!Settled && T0 - CachedHead <= PMask) {
      // Fewer than a segment's length queued: the element this slot held
      // a lap ago, if any, was popped (the consumer frees a slot before it
      // counts the pop), so it is free without a load. Loading it first
      // fetched the line shared, then the store fetched it again to own it.
      S->store(V ? V : nullMark(), std::memory_order_release);
      Tail.store(T0 + 1, std::memory_order_relaxed);
      return true;
    }
    if (Settled) [[likely]] {
      // Slots below FreeUntil are known free: write without reading them.
      if (T0 >= FreeUntil) {
        if (!PSlots[(T0 + Batch - 1) & PMask].load(std::memory_order_acquire))
          FreeUntil = T0 + Batch;
        else if (!Patient && !S->load(std::memory_order_acquire))
          FreeUntil = T0 + 1;
        else
          return false;
      }
      S->store(V ? V : nullMark(), std::memory_order_release);
      Tail.store(T0 + 1, std::memory_order_relaxed);
      return true;
    }
    if (S->load(std::memory_order_acquire)) [[unlikely]] {
      // This segment is full. At the full size, so is the queue; a
      // smaller one holds fewer than the capacity (counted above): go on
      // in a larger one.
      if (PMask + 1 == Cap)
        return false;
      Segment *N = Segment::make(std::min(Cap, 2 * PSeg->size()));
      if (!N)
        return false; // out of memory: the queue is full for now
      PSeg->Next.store(N, std::memory_order_release);
      PSeg = N;
      PSlots = N->slots();
      PMask = N->Mask;
      S = &PSlots[T0 & PMask];
    }
    S->store(V ? V : nullMark(), std::memory_order_release);
    Tail.store(T0 + 1, std::memory_order_relaxed);
    return true;
  }

  bool tryPop(T &Out) noexcept {
    size_t H = Head.load(std::memory_order_relaxed);
    std::atomic<T> *S = &CSlots[H & CMask];
    T V = S->load(std::memory_order_acquire);
    if (!V) {
      if (CFinal) [[likely]]
        return false; // a full-size segment is never left
      Segment *N = CSeg->Next.load(std::memory_order_acquire);
      if (!N) [[likely]]
        return false;
      // The producer went on to N after filling this segment. Every
      // element it put here is visible now (it linked N after them): one
      // that was not there a moment ago may be now.
      V = S->load(std::memory_order_acquire);
      if (!V) {
        Segment::destroy(CSeg); // emptied, and the producer has left it
        CSeg = N;
        CSlots = N->slots();
        CMask = N->Mask;
        CFinal = N->size() == Cap;
        if (CFinal)
          CFinalShared.store(true, std::memory_order_release);
        S = &CSlots[H & CMask];
        V = S->load(std::memory_order_acquire);
        if (!V)
          return false;
      }
    }
    S->store(nullptr, std::memory_order_release);
    Head.store(H + 1, std::memory_order_release);
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
  /// A header and, right behind it, Mask + 1 slots (one allocation). The
  /// header has a cache line of its own: the slots' lines go back and
  /// forth between the two sides, and Next is read on every empty look
  /// until the segment is full-size.
  struct alignas(CacheLine) Segment {
    size_t Mask;
    std::atomic<Segment *> Next{nullptr};

    size_t size() const { return Mask + 1; }
    std::atomic<T> *slots() {
      return reinterpret_cast<std::atomic<T> *>(this + 1);
    }
    static Segment *make(size_t N) {
      static_assert(sizeof(Segment) % alignof(std::atomic<T>) == 0);
      void *M = ::operator new(sizeof(Segment) + N * sizeof(std::atomic<T>),
                               std::align_val_t(CacheLine), std::nothrow);
      if (!M)
        return nullptr;
      Segment *S = new (M) Segment;
      S->Mask = N - 1;
      auto *Slots = reinterpret_cast<std::atomic<T> *>(S + 1);
      for (size_t I = 0; I < N; ++I)
        new (&Slots[I]) std::atomic<T>(nullptr);
      return S;
    }
    static void destroy(Segment *S) {
      S->~Segment();
      ::operator delete(S, std::align_val_t(CacheLine));
    }
  };

  static T nullMark() noexcept {
    static char Mark;
    return reinterpret_cast<T>(&Mark);
  }

  // The consumer's: its count and its segment.
  alignas(CacheLine) std::atomic<size_t> Head{0};
  Segment *CSeg = nullptr;
  std::atomic<T> *CSlots = nullptr;
  size_t CMask = 0;
  bool CFinal = false; // CSeg is of the full size: no segment follows it
  std::atomic<bool> CFinalShared{false}; // CFinal, for the producer
  // The producer's: its count, its segment, its copy of Head.
  alignas(CacheLine) std::atomic<size_t> Tail{0};
  Segment *PSeg = nullptr;
  std::atomic<T> *PSlots = nullptr;
  size_t PMask = 0;
  size_t CachedHead = 0;
  size_t FreeUntil = 0; // once Settled: slots before this one are free
  bool Settled = false; // the consumer has reached the full-size segment
  alignas(CacheLine) size_t Cap;
  size_t Batch;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_SPSCQUEUE_H

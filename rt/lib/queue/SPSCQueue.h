//===- SPSCQueue.h - Bounded single-producer single-consumer ring -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// FastForward (Giacomoni, Moseley and Vachharajani, "FastForward for
// efficient pipeline parallelism", PPoPP'08): the slot itself says whether
// it holds an element, so the consumer that waits reads one line, the
// slot's, and not the producer's index as well (Lamport's ring reads the
// tail, misses, then reads the slot and misses again). FastForward's
// consumer also stores null into every slot it takes; here it only reads
// slots. A slot holds the element and, in its top bit, the parity of the
// lap (position / segment length) it was written in, so a slot from the
// lap before reads as empty without being cleared. The consumer then
// never writes a line the producer writes: a slot line goes from the
// producer to the consumer and is only invalidated there when the producer
// writes it again, where a cleared slot had to come back from the
// consumer's cache first (a ping-pong paid two transfers a message, and
// the fence after a pop waited for the clearing store's line).
//
// The producer knows a slot is free from the consumer's count (Head),
// which it keeps a copy of and reloads only when the copy says the next
// slot may still be taken: once per segment's length of pushes, or per
// batch once the queue is full. Head is the one word the consumer writes
// that the producer reads, on a line of its own.
//
// Elements are pointers whose top bit is clear: user-space addresses on
// x86-64, also with linear address masking (LAM leaves bit 63 to the
// kernel's half); an AArch64 build with a tag in the top byte (HWASan)
// would need another bit. A null element that is pushed travels as the
// address of a private byte and comes out null again. A zero slot was
// never written.
//
// The ring starts small (InitialSlots) and grows by doubling, up to the
// capacity, only when the producer finds its segment full: a program of
// 10^5 instances whose edges each carry a message at a time keeps 144
// bytes per edge instead of 2 KiB, and a streaming edge reaches its full
// size after a few hundred messages and then allocates nothing. Growing
// does not move elements: the producer links a new segment behind the full
// one and goes on there from its position (PStart); the consumer follows
// the link once it has emptied the old one, and frees it. Positions are
// global (slot Pos & Mask of whichever segment holds Pos, its lap Pos /
// length), so both sides agree where the new segment starts. Position P
// of a segment is free once P is below the segment's first lap or the
// consumer has taken P minus the segment's length; the bound on elements
// queued in all segments together is the capacity.
//
// At the full size a push that finds fewer than Batch slots known free
// reloads Head; a patient push then fails rather than take fewer than a
// batch (B-Queue: Wang, Zhang, Tang and Ren, "B-Queue: Efficient and
// Practical Queuing for Fast Core-to-Core Communication", IJPP 2013): a
// producer that outruns its consumer then writes lines the consumer has
// left, where taking each slot as soon as it was freed bounced the slot's
// line between the cores on every message.
//
// A queue may have two bounds (Run.cpp: ASPEN_QUEUE_SMALL_CAPACITY): the
// capacity, and a larger one for small elements, which the caller tells
// apart (a function it passes, asked only once the queue holds the
// capacity). Like MPI's eager protocol: a fine-grained stream runs
// further ahead of its consumer, so both sides run longer bursts between
// parks, while large elements still wait at the capacity. The fast path
// knows free slots up to the capacity only; past it each push asks.
//
// Guarantees:
//  - wait-free tryPush / tryPop, no locks, no allocation once the ring
//    has its full size;
//  - FIFO; an element (and what it points to) is visible to the consumer
//    once tryPush returned (release store of the slot, acquire load);
//  - the producer never overwrites a slot before the consumer has taken
//    it (the consumer reads the slot, then release-stores Head; the
//    producer writes position P of a segment only after an acquire load
//    of Head past P minus the segment's length, or in the segment's first
//    lap);
//  - the consumer writes no slot; the producer reads none;
//  - a push that is not patient fails only when the queue holds
//    capacity() elements, and a small element's only when it holds
//    smallCapacity() (or memory for a larger segment runs out);
//  - at most smallCapacity() elements are queued, and an element that is
//    not small is pushed only while fewer than capacity() are;
//  - Head and Tail are each written by one side only, on their own cache
//    lines; Head is read by the producer only when its copy runs out, and
//    both by size() (statistics);
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
#include <cassert>
#include <cstddef>
#include <cstdint>
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
                                      "is a zero one");

public:
  /// The size of the first segment (or the capacity, if smaller).
  static constexpr size_t InitialSlots = 16;
  static constexpr size_t MaxBatch = 32;

  /// Whether an element is small (may be queued past the capacity).
  using SmallTest = bool (*)(T);

  /// Both bounds are rounded up to a power of two (at least 2); a small
  /// capacity below the capacity is the capacity.
  explicit SPSCQueue(size_t Capacity, size_t SmallCapacity = 0)
      : Soft(ceilPow2AtLeast2(Capacity)),
        Cap(std::max(Soft, ceilPow2AtLeast2(SmallCapacity))),
        Batch(std::min(Soft, MaxBatch)) {
    PSeg = CSeg = Segment::make(std::min(Cap, InitialSlots));
    if (!PSeg)
      throw std::bad_alloc();
    PSlots = CSlots = PSeg->slots();
    PMask = CMask = PSeg->Mask;
    PShift = CShift = PSeg->Shift;
    CFinal = PSeg->size() == Cap;
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

  size_t capacity() const { return Soft; }
  size_t smallCapacity() const { return Cap; }
  /// How many free slots in a row a patient push waits for.
  size_t batch() const { return Batch; }

  /// Patient: when the queue's bound is what limits the push (not the
  /// end of a segment that may still grow), fail rather than fill a slot
  /// while fewer than batch() slots are free (the caller waits for a
  /// batch, then writes it far behind the consumer). Without it, any free
  /// slot is taken. Small: which elements may go past the capacity (none
  /// without it).
  [[gnu::always_inline]] bool tryPush(T V, bool Patient = false,
                                      SmallTest Small = nullptr) noexcept {
    // Within the slots known free: two stores, inlined into the send.
    const size_t T0 = Tail.load(std::memory_order_relaxed);
    if (T0 < FreeUntil) [[likely]] {
      PSlots[T0 & PMask].store(encode(V, T0, PShift),
                               std::memory_order_release);
      Tail.store(T0 + 1, std::memory_order_relaxed);
      return true;
    }
    // Past the capacity, within the slots known free: a small element
    // still takes two stores (and the caller's test, inlined with it).
    if (T0 < SmallUntil && Small && Small(V)) {
      PSlots[T0 & PMask].store(encode(V, T0, PShift),
                               std::memory_order_release);
      Tail.store(T0 + 1, std::memory_order_relaxed);
      return true;
    }
    return tryPushSlow(V, Patient, Small);
  }

  [[gnu::noinline]] bool tryPushSlow(T V, bool Patient,
                                     SmallTest Small) noexcept {
    const size_t T0 = Tail.load(std::memory_order_relaxed);
    // The bound for this element, given the consumer's count H: the
    // capacity, or past it the small capacity if the element is small
    // (asked once, and only when the queue may hold the capacity).
    int IsSmall = -1;
    auto LimitFor = [&](size_t H) {
      if (T0 - H < Soft || Soft == Cap)
        return Soft;
      if (IsSmall < 0)
        IsSmall = Small && Small(V);
      return IsSmall ? Cap : Soft;
    };
    size_t Limit = LimitFor(CachedHead);
    size_t Until = freeUntil(CachedHead, Limit);
    // A patient push that the bound stops waits for a batch of free slots.
    auto ShortOfBatch = [&] {
      return Patient && Until == CachedHead + Limit && Until - T0 < Batch;
    };
    if (T0 >= Until || ShortOfBatch()) {
      CachedHead = Head.load(std::memory_order_acquire);
      Limit = LimitFor(CachedHead);
      if (T0 - CachedHead >= Limit)
        return false; // the queue holds as many as this element may find
      Until = freeUntil(CachedHead, Limit);
      if (T0 >= Until) {
        // This segment is full (it is not the full size, or the count
        // above would have said so): go on in a larger one from here.
        Segment *N = Segment::make(std::min(Cap, 2 * (PMask + 1)));
        if (!N)
          return false; // out of memory: the queue is full for now
        PSeg->Next.store(N, std::memory_order_release);
        PSeg = N;
        PSlots = N->slots();
        PMask = N->Mask;
        PShift = N->Shift;
        PStart = T0;
        Until = freeUntil(CachedHead, Limit);
      } else if (ShortOfBatch()) {
        return false;
      }
    }
    // The fast path may go up to the capacity only: past it, every
    // element is asked whether it is small, and up to SmallUntil a small
    // one needs nothing more (unless a patient push would wait for a batch
    // there: then the slow path decides).
    FreeUntil = std::min(Until, CachedHead + Soft);
    const size_t CapUntil = freeUntil(CachedHead, Cap);
    SmallUntil =
        !Patient || CapUntil != CachedHead + Cap || CapUntil - T0 >= Batch
            ? CapUntil
            : 0;
    PSlots[T0 & PMask].store(encode(V, T0, PShift), std::memory_order_release);
    Tail.store(T0 + 1, std::memory_order_relaxed);
    return true;
  }

  bool tryPop(T &Out) noexcept {
    const size_t H = Head.load(std::memory_order_relaxed);
    uintptr_t V = CSlots[H & CMask].load(std::memory_order_acquire);
    if (!holds(V, H, CShift)) {
      if (CFinal) [[likely]]
        return false; // a full-size segment is never left
      Segment *N = CSeg->Next.load(std::memory_order_acquire);
      if (!N) [[likely]]
        return false;
      // The producer went on to N after filling this segment. Every
      // element it put here is visible now (it linked N after them): one
      // that was not there a moment ago may be now.
      V = CSlots[H & CMask].load(std::memory_order_acquire);
      if (!holds(V, H, CShift)) {
        Segment::destroy(CSeg); // emptied, and the producer has left it
        CSeg = N;
        CSlots = N->slots();
        CMask = N->Mask;
        CShift = N->Shift;
        CFinal = N->size() == Cap;
        V = CSlots[H & CMask].load(std::memory_order_acquire);
        if (!holds(V, H, CShift))
          return false;
      }
    }
    Head.store(H + 1, std::memory_order_release);
    const T P = reinterpret_cast<T>(V & ~LapBit);
    Out = P == nullMark() ? nullptr : P;
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
  static constexpr uintptr_t LapBit = uintptr_t(1) << 63;

  /// A header and, right behind it, Mask + 1 slots (one allocation). The
  /// header has a cache line of its own: the slots' lines go back and
  /// forth between the two sides, and Next is read on every empty look
  /// until the segment is full-size.
  struct alignas(CacheLine) Segment {
    size_t Mask;
    unsigned Shift; // log2(Mask + 1): a position's lap is Pos >> Shift
    std::atomic<Segment *> Next{nullptr};

    size_t size() const { return Mask + 1; }
    std::atomic<uintptr_t> *slots() {
      return reinterpret_cast<std::atomic<uintptr_t> *>(this + 1);
    }
    static Segment *make(size_t N) {
      static_assert(sizeof(Segment) % alignof(std::atomic<uintptr_t>) == 0);
      void *M =
          ::operator new(sizeof(Segment) + N * sizeof(std::atomic<uintptr_t>),
                         std::align_val_t(CacheLine), std::nothrow);
      if (!M)
        return nullptr;
      Segment *S = new (M) Segment;
      S->Mask = N - 1;
      S->Shift = unsigned(__builtin_ctzll(N));
      auto *Slots = reinterpret_cast<std::atomic<uintptr_t> *>(S + 1);
      for (size_t I = 0; I < N; ++I)
        new (&Slots[I]) std::atomic<uintptr_t>(0);
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
  /// Element V at position Pos of a segment of 2^Shift slots.
  static uintptr_t encode(T V, size_t Pos, unsigned Shift) noexcept {
    assert(!(reinterpret_cast<uintptr_t>(V) & LapBit) && "a kernel address");
    return reinterpret_cast<uintptr_t>(V ? V : nullMark()) |
           (((Pos >> Shift) & 1) ? LapBit : 0);
  }
  /// Whether slot word W holds the element of position Pos: written (not
  /// zero) in Pos's lap (a slot of the lap before has the other parity).
  static bool holds(uintptr_t W, size_t Pos, unsigned Shift) noexcept {
    return W != 0 && ((W & LapBit) != 0) == (((Pos >> Shift) & 1) != 0);
  }
  /// The first position the producer does not know to be free, given the
  /// consumer's count H: past the segment's first lap, a position is free
  /// once the one a segment's length before it was taken; and at most
  /// Limit elements are queued.
  size_t freeUntil(size_t H, size_t Limit) const noexcept {
    return std::min(std::max(PStart, H) + PMask + 1, H + Limit);
  }

  // The consumer's: its count and its segment.
  alignas(CacheLine) std::atomic<size_t> Head{0};
  Segment *CSeg = nullptr;
  std::atomic<uintptr_t> *CSlots = nullptr;
  size_t CMask = 0;
  unsigned CShift = 0;
  bool CFinal = false; // CSeg is of the full size: no segment follows it
  // The producer's: its count, its segment, its copy of Head.
  alignas(CacheLine) std::atomic<size_t> Tail{0};
  Segment *PSeg = nullptr;
  std::atomic<uintptr_t> *PSlots = nullptr;
  size_t PMask = 0;
  unsigned PShift = 0;
  size_t PStart = 0;     // the first position PSeg holds
  size_t CachedHead = 0; // Head, as last read
  size_t FreeUntil = 0;  // positions before this one are known free
  size_t SmallUntil = 0; // the same for a small element past the capacity
  alignas(CacheLine) size_t Soft; // the capacity
  size_t Cap;                     // the small capacity: the ring's largest
  size_t Batch;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_SPSCQUEUE_H

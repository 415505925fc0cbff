//===- Examiner.h - Serialised examination without waiting -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A counter-based combining lock (the "work counter" idiom of actor
// mailboxes and of the Linux kernel's irq_work, known as a flat-combining
// ticket without the publication list): any thread may poke; the poker that
// finds the count at zero becomes the examiner and runs Examine() until a
// pass starts after every poke made so far. The S-Net engine pokes an
// entity when a record reaches its stream, when a box call ends and when a
// collector frees ring slots; the examiner claims records, runs a
// synchro-cell, or forwards finished calls in order.
//
// Guarantees:
//  - no two Examine() calls overlap, and each happens-after the pokes it
//    answers (acquire-release on the counter), so Examine() may use plain
//    data owned by the examined object;
//  - no poke is lost: every poke is followed by at least one Examine() that
//    starts after it;
//  - a poker that does not become the examiner returns at once: lock-free
//    for pokers, and the examiner runs at most one pass per poke it saw
//    (pokes that arrive during a pass cost one more pass in all);
//  - Examine() may poke the same Examiner again (that only adds a pass).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_EXAMINER_H
#define ASPEN_RT_QUEUE_EXAMINER_H

#include <atomic>
#include <cstdint>

namespace aspen::rt {

class Examiner {
public:
  template <typename F> void poke(F &&Examine) {
    if (Pokes.fetch_add(1, std::memory_order_acq_rel) != 0)
      return; // the examiner will see this poke
    uint32_t Seen = 1;
    do
      Examine();
    while ((Seen = Pokes.fetch_sub(Seen, std::memory_order_acq_rel) - Seen) !=
           0);
  }

  /// Becomes the examiner if no examination is under way, runs First()
  /// and then Examine() passes as poke() does, and returns true; returns
  /// false at once otherwise (the caller then queues its work and pokes).
  /// For a caller whose work would otherwise go through the examined
  /// object's queue only to be taken out again by itself: with no pass
  /// under way, nothing queued before this call is unexamined but what
  /// pushers still racing with it will poke for.
  template <typename F, typename G> bool tryExamine(F &&First, G &&Examine) {
    uint32_t Idle = 0;
    if (!Pokes.compare_exchange_strong(Idle, 1, std::memory_order_acq_rel,
                                       std::memory_order_relaxed))
      return false;
    First();
    uint32_t Seen = 1;
    do
      Examine();
    while ((Seen = Pokes.fetch_sub(Seen, std::memory_order_acq_rel) - Seen) !=
           0);
    return true;
  }

private:
  alignas(64) std::atomic<uint32_t> Pokes{0};
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_EXAMINER_H

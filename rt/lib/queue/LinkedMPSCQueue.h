//===- LinkedMPSCQueue.h - Unbounded intrusive MPSC queue -------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// D. Vyukov's intrusive node-based MPSC queue (1024cores.net, "Intrusive
// MPSC node-based queue"). S-Net streams are unbounded (a box may emit any
// number of records), so they cannot use the bounded rings of the Aspen
// edges; the nodes are the elements themselves, allocated by the producer.
//
// Guarantees:
//  - push is wait-free: one exchange and one store, no allocation;
//  - pop is lock-free for its one consumer and allocation-free;
//  - FIFO in the order of the producers' exchanges on Head;
//  - a pop that overlaps a push may report empty although the push has
//    started: callers that must not miss an element re-check after the
//    push returned (the S-Net engine does: a read licence is published only
//    after its record is in the queue);
//  - any number of producers, one consumer at a time (callers serialise
//    consumers with their own flag, which also orders their accesses).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_LINKEDMPSCQUEUE_H
#define ASPEN_RT_QUEUE_LINKEDMPSCQUEUE_H

#include <atomic>

namespace aspen::rt {

struct LinkedMPSCNode {
  std::atomic<LinkedMPSCNode *> Next{nullptr};
};

/// T derives from Node, a struct with one member `std::atomic<Node *>
/// Next` (LinkedMPSCNode, or a type of the same shape declared where the
/// runtime's headers are not seen, as stdlib.h's requests do).
template <typename T, typename Node = LinkedMPSCNode> class LinkedMPSCQueue {
public:
  LinkedMPSCQueue() : Head(&Stub), Tail(&Stub) {}
  LinkedMPSCQueue(const LinkedMPSCQueue &) = delete;
  LinkedMPSCQueue &operator=(const LinkedMPSCQueue &) = delete;

  void push(T *N) noexcept { pushNode(N); }

  /// The oldest element, or nullptr when empty (or when the only elements
  /// are still being pushed).
  T *pop() noexcept {
    Node *Tl = Tail.load(std::memory_order_relaxed);
    Node *Next = Tl->Next.load(std::memory_order_acquire);
    if (Tl == &Stub) {
      if (!Next)
        return nullptr;
      Tail.store(Next, std::memory_order_relaxed);
      Tl = Next;
      Next = Next->Next.load(std::memory_order_acquire);
    }
    if (Next) {
      Tail.store(Next, std::memory_order_relaxed);
      return static_cast<T *>(Tl);
    }
    if (Tl != Head.load(std::memory_order_acquire))
      return nullptr; // a producer is between its exchange and its store
    pushNode(&Stub);
    Next = Tl->Next.load(std::memory_order_acquire);
    if (Next) {
      Tail.store(Next, std::memory_order_relaxed);
      return static_cast<T *>(Tl);
    }
    return nullptr;
  }

  /// Whether an element may be available; exact when no push or pop is
  /// running. Tail only ever points at the stub or at an element not yet
  /// popped, so an empty queue is the stub at both ends; nothing is
  /// dereferenced, so any thread may ask.
  bool mayHaveItems() const noexcept {
    return Head.load(std::memory_order_acquire) != &Stub ||
           Tail.load(std::memory_order_relaxed) != &Stub;
  }

private:
  void pushNode(Node *N) noexcept {
    N->Next.store(nullptr, std::memory_order_relaxed);
    Node *Prev = Head.exchange(N, std::memory_order_acq_rel);
    Prev->Next.store(N, std::memory_order_release);
  }

  alignas(64) std::atomic<Node *> Head;
  // The consumer's; atomic only so that mayHaveItems may read it.
  alignas(64) std::atomic<Node *> Tail;
  Node Stub;
};

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_LINKEDMPSCQUEUE_H

//===- AsymmetricBarrier.h - A Dekker pair with one cheap side --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The wake-up protocol of a queue is a Dekker pair: one side changes the
// queue and then looks for a waiter, the other publishes itself as a waiter
// and then looks at the queue again, each with a full fence between its two
// steps. When one side runs on every message and the other only when a
// queue is full, the fence can move to the rare side: Linux's membarrier(2)
// with MEMBARRIER_CMD_PRIVATE_EXPEDITED makes every running thread of the
// process execute a full barrier before it returns (the pair that
// userspace RCU and folly's asymmetricLightBarrier/asymmetricHeavyBarrier
// build on).
//
// Guarantee (x86-64, where only a store followed by a load reorders): if
// the light side stores X, then lightBarrier(), then loads Y, and the heavy
// side stores Y with a locked instruction, then heavyBarrier(), then loads
// X, at least one of the two loads sees the other side's store. Either the
// light side's load came after the heavy side's store was visible, or its
// store was already executed and the barrier membarrier forces on its CPU
// (or the context switch of a thread not running) drains it before
// heavyBarrier() returns.
//
// Where membarrier is missing or refused (old kernels, seccomp), both
// sides fall back to a full fence; enableAsymmetricBarrier() decides once,
// before any thread uses the pair.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_ASYMMETRICBARRIER_H
#define ASPEN_RT_QUEUE_ASYMMETRICBARRIER_H

#include "queue/SPSCQueue.h"
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aspen::rt {

/// Whether heavyBarrier() is membarrier: set once, before any thread uses
/// the pair, and only read after.
inline bool AsymmetricBarrierOn = false;

/// Registers the process for expedited membarrier, before the threads that
/// use the pair start. False: the pair is two full fences.
inline bool enableAsymmetricBarrier() {
  if (!AsymmetricBarrierOn) {
    long Cmds = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    AsymmetricBarrierOn =
        Cmds > 0 && (Cmds & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
        syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0,
                0) == 0;
  }
  return AsymmetricBarrierOn;
}

/// The frequent side: free on x86-64 when membarrier is on (the compiler
/// must still not move the load above the store).
inline void lightBarrier() noexcept {
  if (AsymmetricBarrierOn) [[likely]]
    std::atomic_signal_fence(std::memory_order_seq_cst);
  else
    fullFence();
}

/// The rare side: a barrier on every running thread of the process (a
/// system call and an interrupt to each of their CPUs: about 2 us on a
/// 2-CPU virtual machine).
inline void heavyBarrier() noexcept {
  if (!AsymmetricBarrierOn) {
    fullFence();
    return;
  }
  // Registered, so it cannot be refused; were it ever, a wake-up could be
  // lost without a word, so that ends the program instead.
  while (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
    if (errno != EINTR) {
      std::fputs("aspen: error: membarrier failed after registration\n",
                 stderr);
      std::abort();
    }
}

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_ASYMMETRICBARRIER_H

//===- StackPool.h - Fiber stacks carved from slabs -------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One mmap per slab of stacks instead of one per fiber, and stacks reused
// once their fiber ends. While the process can afford it, every stack gets a
// PROT_NONE guard page below it, so an overflow faults at once. Each guard
// splits a mapping in two and Linux caps mappings per process
// (vm.max_map_count, 65530 by default), so past half that budget the page
// below a stack stays an ordinary, never-written spare: an overflow of less
// than a page lands there instead of in the neighbouring stack. (A canary
// word there would commit one page per stack.)
//
// Pages are committed only when touched: a fiber that stays shallow costs a
// page or two of RSS whatever the stack size.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SCHED_STACKPOOL_H
#define ASPEN_RT_SCHED_STACKPOOL_H

#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace aspen::rt {

class StackPool {
public:
  explicit StackPool(size_t StackSize);
  ~StackPool();

  /// Takes the pool lock: called once when a fiber first runs and once when
  /// it ends, never on send or dequeue.
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context &S);


private:
  void grow();

  size_t Size;    // usable bytes per stack
  size_t Stride;  // Size plus the guard page
  size_t PerSlab; // stacks per mmap
  size_t GuardBudget;
  size_t Guarded = 0;
  std::mutex Lock;
  std::vector<void *> Free;
  std::vector<std::pair<void *, size_t>> Slabs;
};

/// The allocator object Boost.Context copies into each fiber.
struct PooledStack {
  StackPool *Pool;
  /// Where to note the stack's bounds (AddressSanitizer must be told about
  /// every switch to it), or null.
  void **Bottom = nullptr;
  size_t *Size = nullptr;
  boost::context::stack_context allocate() {
    boost::context::stack_context S = Pool->allocate();
    if (Bottom) {
      *Bottom = static_cast<char *>(S.sp) - S.size;
      *Size = S.size;
    }
    return S;
  }
  void deallocate(boost::context::stack_context &S) { Pool->deallocate(S); }
};

} // namespace aspen::rt

#endif // ASPEN_RT_SCHED_STACKPOOL_H

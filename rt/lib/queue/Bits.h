//===- Bits.h - Small bit helpers for the lock-free structures -*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_QUEUE_BITS_H
#define ASPEN_RT_QUEUE_BITS_H

namespace aspen::rt {

/// The smallest power of two that is at least N and at least 2. The ring
/// buffers index with `Pos & Mask`, which needs a power-of-two size; two is
/// the least size for which full and empty stay distinguishable.
template <typename IntT> constexpr IntT ceilPow2AtLeast2(IntT N) {
  IntT C = 2;
  while (C < N)
    C <<= 1;
  return C;
}

} // namespace aspen::rt

#endif // ASPEN_RT_QUEUE_BITS_H

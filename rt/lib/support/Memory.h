//===- Memory.h - How freed memory is kept ----------------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SUPPORT_MEMORY_H
#define ASPEN_RT_SUPPORT_MEMORY_H

namespace aspen::rt {
/// Makes jemalloc keep freed large blocks (payloads of 256 KiB and more)
/// for reuse, while smaller ones are returned in time (Memory.cpp). Called
/// once at start-up.
void keepLargeBlocks();
} // namespace aspen::rt

#endif // ASPEN_RT_SUPPORT_MEMORY_H

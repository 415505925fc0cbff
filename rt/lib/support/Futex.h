//===- Futex.h - Sleeping on a word, for the runtime's threads --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The two futex calls the scheduler's workers and the transport thread
// sleep and wake with. A wait always has a timeout: a safety net, not the
// mechanism (every waker changes the word and wakes).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SUPPORT_FUTEX_H
#define ASPEN_RT_SUPPORT_FUTEX_H

#include <atomic>
#include <cstdint>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace aspen::rt {

/// Sleeps while Word == Expected, for at most Ms milliseconds.
inline void futexWait(std::atomic<uint32_t> &Word, uint32_t Expected, long Ms) {
  timespec Timeout{Ms / 1000, (Ms % 1000) * 1000 * 1000};
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&Word), FUTEX_WAIT_PRIVATE,
          Expected, &Timeout, nullptr, 0);
}

/// Wakes up to Count threads sleeping on Word.
inline void futexWake(std::atomic<uint32_t> &Word, int Count) {
  syscall(SYS_futex, reinterpret_cast<uint32_t *>(&Word), FUTEX_WAKE_PRIVATE,
          Count, nullptr, nullptr, 0);
}

} // namespace aspen::rt

#endif // ASPEN_RT_SUPPORT_FUTEX_H

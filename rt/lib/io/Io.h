//===- Io.h - The runtime's event loop for timers and sockets ---*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aspen/stdlib.h declares what modules use; this is what the runtime itself
// needs: stopping the loop once the scheduler has finished, before it goes.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_IO_IO_H
#define ASPEN_RT_IO_IO_H

#include <atomic>
#include <chrono>
#include <memory>

namespace aspen::rt {
struct Fiber;
class Scheduler;

/// Stops the event loop's thread, if it was started. Call after the
/// scheduler's run, before the scheduler is destroyed.
void shutdownIo();

/// A deadline for a fiber that waits (`dequeue(q, within: d)`): when it
/// passes, the event loop sets Fired and wakes the fiber it finds in Slot
/// (the fiber publishes itself there before parking, as on a queue).
struct Alarm {
  std::atomic<bool> Fired{false};
  std::atomic<Fiber *> Slot{nullptr};
  Scheduler *Sched = nullptr;
  std::shared_ptr<void> Timer; // the event loop's; its thread's alone
};
/// From a fiber: an alarm at At.
std::shared_ptr<Alarm> startAlarm(std::chrono::steady_clock::time_point At);
/// The wait is over: the timer goes (a pending one would hold memory until
/// its time, however far off).
void cancelAlarm(const std::shared_ptr<Alarm> &A);
} // namespace aspen::rt

#endif // ASPEN_RT_IO_IO_H

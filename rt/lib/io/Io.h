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

namespace aspen::rt {
/// Stops the event loop's thread, if it was started. Call after the
/// scheduler's run, before the scheduler is destroyed.
void shutdownIo();
} // namespace aspen::rt

#endif // ASPEN_RT_IO_IO_H

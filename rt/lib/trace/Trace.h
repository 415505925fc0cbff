//===- Trace.h - ASPEN_TRACE: a Chrome/Perfetto trace of a run --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With ASPEN_TRACE=FILE the runtime records, per thread, what ran when:
// every fiber run on a worker (a slice named after the instance), sends and
// dequeues (instants naming the queue), time parked in send or dequeue,
// and the network frames a node writes and reads. At the end it writes the
// Chrome trace-event JSON that Perfetto (ui.perfetto.dev) and
// chrome://tracing load: one process per node, one track per thread.
//
// Recording appends to a buffer owned by the recording thread, with no
// lock and no allocation past the buffer's reserve; each buffer keeps at
// most ASPEN_TRACE_EVENTS events (default 1M) and then counts what it drops.
// When tracing is off, each hook is one predictable branch on a global.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_TRACE_TRACE_H
#define ASPEN_RT_TRACE_TRACE_H

#include <cstdint>
#include <string>

namespace aspen::rt::trace {

extern bool Enabled;

enum Kind : uint8_t {
  Run,
  Send,
  Dequeue,
  ParkedSend,
  ParkedDequeue,
  FrameOut,
  FrameIn,
  Box, // an S-Net box invocation: the box, its network, records emitted
  ReduceStep, // one combine of a reduce (or of its part on this node)
};

/// Nanoseconds on the trace clock.
uint64_t now();

/// Records an event on this thread's buffer. `What` must outlive the run
/// (instance names, queue names): it is only read when the file is written.
void record(Kind K, const std::string *What, const std::string *Detail,
            uint64_t Start, uint64_t End = 0, uint64_t Value = 0);

/// Names this thread's track (a worker, the transport thread).
void nameThread(const std::string &Name);

/// Reads ASPEN_TRACE; `Node` names the process (several nodes each write
/// FILE with the node's name before the extension).
void init(const std::string &Node, bool SeveralNodes);

/// The file the trace goes to (valid once init has enabled tracing).
const char *path();

/// FILE for one node of several: the node's name goes before the extension
/// (`trace.json` -> `trace.127.0.0.2.json`; DefaultExt when there is none).
std::string perNodePath(const std::string &Path, const std::string &Node,
                        const char *DefaultExt);

/// Writes the file (once).
void write();

} // namespace aspen::rt::trace

#endif // ASPEN_RT_TRACE_TRACE_H

//===- Trace.h - ASPEN_TRACE: a Chrome/Perfetto trace of a run --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// With ASPEN_TRACE=FILE the runtime records, per thread, what ran when:
// every fiber run on a worker (a slice named after the instance), sends and
// dequeues (slices naming the queue, joined by a flow arrow per message),
// time parked in send or dequeue, and the network frames a node writes and
// reads. At the end, or when the program is interrupted, it writes the
// Chrome trace-event JSON that Perfetto (ui.perfetto.dev) and
// chrome://tracing load: one process per node, one track per thread.
//
// Recording appends to a buffer owned by the recording thread, with no
// lock and no read-modify-write: the buffer is a table of fixed-size chunks,
// each allocated once and never moved, and the owner publishes its count
// with a release store after the event is complete. The file can thus be
// written while workers still record (on SIGINT or SIGTERM): it holds the
// events published by then. Each buffer keeps at most ASPEN_TRACE_EVENTS
// events (default 1M) and then counts what it drops. When tracing is off,
// each hook is one predictable branch on a global.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_TRACE_TRACE_H
#define ASPEN_RT_TRACE_TRACE_H

#include <cstdint>
#include <string>
#include <vector>

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
  Box,        // an S-Net box invocation: the box, its network, records emitted
  ReduceStep, // one combine of a reduce (or of its part on this node)
};

/// Nanoseconds on the trace clock.
uint64_t now();

/// The identity of one message, shared by its send and its dequeue: the
/// queue it went through (Key, 1 and up, the same on every node) and its
/// position in that queue, which sender and receiver both know because
/// the queue is FIFO.
inline uint64_t flowId(uint64_t Key, uint64_t Pos) {
  return Key << 40 | (Pos & ((uint64_t(1) << 40) - 1));
}

/// Records an event on this thread's buffer. `What` must outlive the run
/// (instance names, queue names): it is only read when the file is written.
/// A Send or Dequeue slice with a Flow id starts or ends the message's
/// arrow at FlowTs, which lies inside the slice.
void record(Kind K, const std::string *What, const std::string *Detail,
            uint64_t Start, uint64_t End = 0, uint64_t Value = 0,
            uint64_t Flow = 0, uint64_t FlowTs = 0);

/// The fiber this thread runs from Start on (null: none), so that a file
/// written while it runs shows its run so far; the Run event follows when
/// it stops.
void running(const std::string *What, uint64_t Start);

/// Names this thread's track (a worker, the transport thread).
void nameThread(const std::string &Name);

/// Reads ASPEN_TRACE; `Node` names the process, and `Pid` numbers it (the
/// node's index plus one), so that the files of several nodes, each FILE
/// with the node's name before the extension, merge into one.
void init(const std::string &Node, unsigned Pid, bool SeveralNodes);

/// The file the trace goes to (valid once init has enabled tracing).
const char *path();

/// FILE for one node of several: the node's name goes before the extension
/// (`trace.json` -> `trace.127.0.0.2.json`; DefaultExt when there is none).
std::string perNodePath(const std::string &Path, const std::string &Node,
                        const char *DefaultExt);

/// Writes the file (once): every event published so far. Safe while other
/// threads still record.
void write();

/// The launcher's part on several nodes: the files the nodes wrote beside
/// Path (perNodePath), merged into Path, each node's events shifted onto a
/// common time line by the wall-clock reading each recorded with its
/// origin. A node whose file is not here (one on another host) is named in
/// a note and left out. Returns false when Path cannot be written.
bool merge(const std::string &Path, const std::vector<std::string> &Nodes);

} // namespace aspen::rt::trace

#endif // ASPEN_RT_TRACE_TRACE_H

//===- stdlib.h - What the standard library's modules use -------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The modules in stdlib/ (TcpListen, TcpReply, Timer, ...) are ordinary
// action modules; this header gives them what ordinary C++ cannot do without
// blocking a worker: waiting for time to pass and for the network. Both go
// through the runtime's one Asio event loop, on a thread of its own, and park
// only the waiting instance. Programs may use it too.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_STDLIB_H
#define ASPEN_STDLIB_H

#include "aspen/runtime.h"
#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

namespace aspen {

/// Parks the calling module instance for at least D; its worker runs other
/// instances meanwhile.
void sleepFor(std::chrono::nanoseconds D);

/// What the Timer module sends: the tick's number, from 0.
class Tick : public CloneablePayload<Tick> {
public:
  explicit Tick(long Number) : number(Number) {}
  long number;
};

namespace net {

namespace detail {
/// The link that queues a request between the event loop and the instance
/// that takes it (the runtime's intrusive queue, without its header).
struct RequestLink {
  std::atomic<RequestLink *> Next{nullptr};
};
} // namespace detail

/// A request TcpListen read: its bytes and the connection to answer on.
class Request : public StringPayload, public detail::RequestLink {
public:
  Request() = default;
  Request(const Request &O)
      : StringPayload(O), detail::RequestLink(), connection(O.connection) {}
  uint64_t connection = 0;
  Payload *clone() const override { return new Request(*this); }
};

/// What TcpReply writes back: bytes for a connection, and whether to close
/// the connection once they are written.
class Response : public StringPayload {
public:
  Response() = default;
  Response(uint64_t Connection, std::string Data, bool Close = false)
      : StringPayload(std::move(Data)), connection(Connection), close(Close) {}
  uint64_t connection = 0;
  bool close = false;
  Payload *clone() const override { return new Response(*this); }
};

/// How a connection's bytes are cut into requests.
enum class Framing {
  Http, ///< a request head up to "\r\n\r\n", plus a Content-Length body;
        ///< the next request is read once this one is answered
  Line, ///< each line, without its "\n" (or "\r\n")
  Chunk ///< whatever one read returns
};

class Listener;

/// Listens on `host:port` (every address when host is empty; port 0 picks
/// a free one). After `maxConnections` accepted connections (0: no limit)
/// it stops accepting, and ends once they have all closed. Throws
/// std::runtime_error naming the address when it cannot listen.
Listener *listen(const std::string &Host, int Port, Framing F,
                 uint64_t MaxConnections);
/// The port it listens on.
int boundPort(const Listener *L);
/// The next request, parking the caller until one arrives; nullptr once
/// the listener has ended.
Request *next(Listener *L);
/// Writes R's bytes to its connection (in the order replies are made) and
/// takes ownership of R. A reply to a connection that has closed is
/// dropped.
void reply(Response *R);

} // namespace net
} // namespace aspen

#endif // ASPEN_STDLIB_H

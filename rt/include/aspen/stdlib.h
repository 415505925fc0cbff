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
#include <ctime>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

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

namespace http {

/// An HTTP/1.x request head (and body), as Boost.Beast's parser reads it,
/// with the checks a server makes before it looks at the path. TcpListen's
/// "http" framing has already cut the request and refused what is too
/// large; this says what it means.
struct Request {
  /// 0 when the request may be served; else the status to answer with, as
  /// nginx does: 400 for what the parser refuses (a NUL or other control
  /// byte in the target, a bad header line), HTTP/1.1 without Host, a
  /// path with %00 or a bad %-escape or one that climbs above the root;
  /// 505 for a version other than 1.0 and 1.1.
  int status = 0;
  std::string method;    ///< as sent: GET, HEAD, POST, ...
  std::string target;    ///< as sent: "/a%20b/c.html?x=1"
  std::string path;      ///< %-decoded, "." and ".." resolved: "/a b/c.html"
  unsigned version = 11; ///< 10 or 11
  bool keepAlive = true; ///< HTTP/1.1 unless "close"; 1.0 only if asked
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  /// The first value of header Name (any case), or "".
  std::string header(std::string_view Name) const;
};

/// Parses one request: the bytes of a Request from TcpListen's "http"
/// framing.
Request parseRequest(std::string_view Bytes);

/// T as an HTTP date (RFC 9110's IMF-fixdate): "Sun, 06 Nov 1994 08:49:37
/// GMT".
std::string formatDate(std::time_t T);
/// An HTTP date in any of the three forms RFC 9110 accepts, or nullopt.
std::optional<std::time_t> parseDate(std::string_view S);

} // namespace http
} // namespace aspen

#endif // ASPEN_STDLIB_H

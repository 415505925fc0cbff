//===- Io.cpp - Timers and TCP servers on the runtime's event loop --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// One Asio io_context, run by a thread of its own from the first use on,
// does every socket operation and timer of the standard library. Module
// instances never block in a system call: they hand work to the loop and
// park, and the loop wakes them through the scheduler (an external wake, as
// the transport does). Connections and listeners belong to the loop thread;
// the only state shared with instances is each listener's request queue
// (Vyukov's intrusive MPSC list, here with one producer) and its waiter
// slot, used with the scheduler's publish/re-check/park protocol.
//
//===----------------------------------------------------------------------===//

#include "io/Io.h"
#include "aspen/stdlib.h"
#include "core/Graph.h"
#include "queue/Queues.h"
#include "support/Support.h"
#include <atomic>
#include <boost/asio.hpp>
#include <deque>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

using namespace aspen;
using namespace aspen::rt;
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

/// The event loop. Started on first use; stopped by shutdownIo() once the
/// scheduler has finished, before it is destroyed.
struct Reactor {
  asio::io_context Ctx{1};
  asio::executor_work_guard<asio::io_context::executor_type> Guard{
      Ctx.get_executor()};
  std::thread Thread{[this] { Ctx.run(); }};
};

std::once_flag ReactorOnce;
Reactor *GReactor = nullptr;

Reactor &reactor() {
  std::call_once(ReactorOnce, [] { GReactor = new Reactor(); });
  return *GReactor;
}

/// Parks the current fiber until Ready() holds. The loop thread makes it
/// hold, then takes the fiber from Slot and wakes it.
template <typename Pred>
void parkUntil(std::atomic<Fiber *> &Slot, Pred Ready) {
  Scheduler *S = Scheduler::instance();
  Fiber *F = Scheduler::current();
  S->beginExternalWait();
  while (!Ready()) {
    F->St.store(Fiber::Parking, std::memory_order_relaxed);
    Slot.store(F, std::memory_order_seq_cst);
    if (Ready()) {
      if (Slot.exchange(nullptr, std::memory_order_acq_rel))
        F->St.store(Fiber::Running, std::memory_order_relaxed);
      // else the loop took it and wakes it: harmless on a running fiber.
      continue;
    }
    S->park();
  }
  S->endExternalWait();
}

/// One wait for the loop thread to finish something. Shared with the
/// loop's handler, which may still be taking the fiber from the slot when
/// the fiber, already seeing Done, has moved on.
struct Completion {
  std::atomic<bool> Done{false};
  std::atomic<Fiber *> Slot{nullptr};
  Scheduler *S = Scheduler::instance();
  void complete() {
    Done.store(true, std::memory_order_seq_cst);
    if (Fiber *F = Slot.exchange(nullptr, std::memory_order_acq_rel))
      S->wake(F);
  }
  void wait() {
    parkUntil(Slot, [this] { return Done.load(std::memory_order_seq_cst); });
  }
};

} // namespace

void aspen::sleepFor(std::chrono::nanoseconds D) {
  if (D.count() <= 0)
    return;
  Reactor &R = reactor();
  auto C = std::make_shared<Completion>();
  asio::post(R.Ctx, [&R, C, D] {
    auto T = std::make_shared<asio::steady_timer>(R.Ctx, D);
    T->async_wait([C, T](const boost::system::error_code &) { C->complete(); });
  });
  C->wait();
}

std::shared_ptr<Alarm>
aspen::rt::startAlarm(std::chrono::steady_clock::time_point At) {
  Reactor &R = reactor();
  auto A = std::make_shared<Alarm>();
  A->Sched = Scheduler::instance();
  asio::post(R.Ctx, [&R, A, At] {
    auto T = std::make_shared<asio::steady_timer>(R.Ctx, At);
    A->Timer = T;
    T->async_wait([A, T](const boost::system::error_code &Ec) {
      if (Ec)
        return; // cancelled: the wait ended first
      A->Fired.store(true, std::memory_order_seq_cst);
      if (Fiber *F = A->Slot.exchange(nullptr, std::memory_order_acq_rel))
        A->Sched->wake(F);
    });
  });
  return A;
}

void aspen::rt::cancelAlarm(const std::shared_ptr<Alarm> &A) {
  // After startAlarm's handler: the loop runs handlers in order.
  asio::post(reactor().Ctx, [A] {
    if (auto T = std::static_pointer_cast<asio::steady_timer>(A->Timer))
      T->cancel();
    A->Timer.reset();
  });
}

//===----------------------------------------------------------------------===//
// TCP servers
//===----------------------------------------------------------------------===//

namespace aspen::net {

struct Conn;

class Listener {
public:
  Listener(asio::io_context &Ctx, Framing F, uint64_t Max, Scheduler *S)
      : Ctx(Ctx), Acceptor(Ctx), Backoff(Ctx), Mode(F), Max(Max), Sched(S) {}
  asio::io_context &Ctx;
  tcp::acceptor Acceptor;
  /// Out of descriptors (or memory), accepting fails at once and would
  /// fail again: wait a little before the next try instead of spinning.
  asio::steady_timer Backoff;
  Framing Mode;
  uint64_t Max, Accepted = 0;
  unsigned Open = 0;
  Scheduler *Sched;
  int Port = 0;
  // Shared with the instance that takes requests.
  rt::LinkedMPSCQueue<Request, detail::RequestLink> Inbox;
  std::atomic<bool> Ended{false};
  std::atomic<Fiber *> Waiter{nullptr};

  void push(Request *R) {
    Inbox.push(R);
    std::atomic_thread_fence(std::memory_order_seq_cst);
    if (Fiber *F = Waiter.exchange(nullptr, std::memory_order_acq_rel))
      Sched->wake(F);
  }
  void endIfDone() {
    if (Open == 0 && !Acceptor.is_open() && !Ended.load()) {
      Ended.store(true, std::memory_order_seq_cst);
      if (Fiber *F = Waiter.exchange(nullptr, std::memory_order_acq_rel))
        Sched->wake(F);
    }
  }
  void accept();
};

/// What an HTTP connection may cost (settings.def), read once.
struct Limits {
  size_t Header = settingCount(Setting::HTTP_HEADER_BYTES);
  size_t Body = settingCount(Setting::HTTP_BODY_BYTES);
  size_t Pending = settingCount(Setting::TCP_PENDING_BYTES);
  std::chrono::seconds HeaderTimeout{
      settingCount(Setting::HTTP_HEADER_TIMEOUT)};
  std::chrono::seconds IdleTimeout{settingCount(Setting::HTTP_IDLE_TIMEOUT)};
};
const Limits &limits() {
  static const Limits L;
  return L;
}

/// One accepted connection; owned by the loop thread through the table
/// below, which replies find it in by id (slot and generation).
struct Conn {
  explicit Conn(asio::io_context &Ctx)
      : Sock(Ctx), Linger(Ctx), Deadline(Ctx) {}
  tcp::socket Sock;
  /// After the peer's end of stream, how long replies are waited for: a
  /// module that answers nothing (or a peer gone for good) must not keep
  /// the connection, and the listener's stream, open for ever.
  asio::steady_timer Linger;
  bool Lingering = false;
  /// HTTP: when an idle connection, a request begun, or replies the client
  /// does not read have waited too long; DeadlineGen tells a current
  /// expiry from one that was re-armed meanwhile.
  asio::steady_timer Deadline;
  uint64_t DeadlineGen = 0;
  enum class Waiting { Nothing, Idle, Request, Reader } Wait = Waiting::Nothing;
  bool Answered = false; // some request was answered (idle, not new)
  size_t OutBytes = 0;   // bytes of Out not yet written
  bool Stalled = false;  // reading waits for the client to read replies
  bool Refused = false;  // answered with an error by the framing itself
  Listener *L = nullptr;
  uint64_t Id = 0;
  std::string In;          // bytes read and not yet cut into requests
  size_t Scan = 0;         // where the search for the end of a head resumes
  bool Busy = false;       // an HTTP request awaits its reply
  bool Eof = false;        // the peer will send nothing more
  uint64_t Unanswered = 0; // requests passed on and not yet answered
  bool Closing = false;
  std::deque<std::string> Out;
  bool Writing = false;
  char Buf[16384];

  void read();
  void cut();
  void write();
  void finish();
  void await(Waiting W);
  void refuse(int Status, const char *Reason);
};

namespace {
std::vector<std::unique_ptr<Conn>> Table; // by slot; loop thread only
std::vector<uint32_t> Gens, FreeSlots;

uint64_t enter(std::unique_ptr<Conn> C) {
  uint32_t Slot;
  if (!FreeSlots.empty()) {
    Slot = FreeSlots.back();
    FreeSlots.pop_back();
  } else {
    Slot = uint32_t(Table.size());
    Table.emplace_back();
    Gens.push_back(0);
  }
  C->Id = (uint64_t(++Gens[Slot]) << 32) | Slot;
  Table[Slot] = std::move(C);
  return Table[Slot]->Id;
}

Conn *find(uint64_t Id) {
  uint32_t Slot = uint32_t(Id);
  if (Slot >= Table.size() || !Table[Slot] || Table[Slot]->Id != Id)
    return nullptr;
  return Table[Slot].get();
}

/// Requests larger than this close their connection.
constexpr size_t MaxRequest = 1 << 20;

/// Where header Name (lower case, with its colon) starts its value in
/// Head, from From on, or npos. Header names are case-insensitive.
size_t findHeader(std::string_view Head, std::string_view Name, size_t From) {
  for (size_t I = From; I + Name.size() + 1 <= Head.size(); ++I) {
    if (Head[I] != '\n')
      continue;
    size_t K = 0;
    while (K < Name.size() &&
           std::tolower((unsigned char)Head[I + 1 + K]) == Name[K])
      ++K;
    if (K == Name.size())
      return I + 1 + K;
  }
  return std::string_view::npos;
}

/// The Content-Length of a request head: 0 without one, nullopt for one
/// that is not a number of bytes ("-1", "12abc", more than 18 digits) or
/// for two that differ, as HTTP/1.1 (RFC 9112, 6.3) requires a server to
/// refuse.
std::optional<size_t> contentLength(std::string_view Head) {
  std::optional<size_t> Found;
  for (size_t At = findHeader(Head, "content-length:", 0);
       At != std::string_view::npos;
       At = findHeader(Head, "content-length:", At)) {
    while (At < Head.size() && (Head[At] == ' ' || Head[At] == '\t'))
      ++At;
    size_t Len = 0, Digits = 0;
    for (; At < Head.size() && std::isdigit((unsigned char)Head[At]); ++At) {
      Len = Len * 10 + size_t(Head[At] - '0');
      if (++Digits > 18)
        return std::nullopt;
    }
    while (At < Head.size() && (Head[At] == ' ' || Head[At] == '\t'))
      ++At;
    if (!Digits || (At < Head.size() && Head[At] != '\r' && Head[At] != '\n'))
      return std::nullopt;
    if (Found && *Found != Len)
      return std::nullopt;
    Found = Len;
  }
  return Found ? *Found : 0;
}
} // namespace

void Listener::accept() {
  auto C = std::make_unique<Conn>(Ctx);
  Conn *Raw = C.get();
  Acceptor.async_accept(
      Raw->Sock,
      [this, C = std::move(C)](const boost::system::error_code &E) mutable {
        if (E) {
          if (!Acceptor.is_open())
            return;
          if (E == asio::error::no_descriptors ||
              E == asio::error::no_buffer_space ||
              E == asio::error::no_memory || E.value() == ENFILE) {
            // It would fail again at once; connections that close give
            // the descriptors back.
            Backoff.expires_after(std::chrono::milliseconds(100));
            Backoff.async_wait([this](const boost::system::error_code &W) {
              if (!W && Acceptor.is_open())
                accept();
            });
            return;
          }
          accept();
          return;
        }
        C->Sock.set_option(tcp::no_delay(true));
        // Not inherited by processes the program starts (Connect.cpp).
        ::fcntl(C->Sock.native_handle(), F_SETFD, FD_CLOEXEC);
        C->L = this;
        ++Open;
        uint64_t Id = enter(std::move(C));
        if (Max && ++Accepted >= Max) {
          boost::system::error_code Ignored;
          Acceptor.close(Ignored);
        } else {
          accept();
        }
        find(Id)->read();
      });
}

void Conn::read() {
  uint64_t MyId = Id;
  Sock.async_read_some(asio::buffer(Buf),
                       [MyId](const boost::system::error_code &E, size_t N) {
                         Conn *C = find(MyId);
                         if (!C)
                           return;
                         if (E) {
                           // The peer has closed, or half-closed and waits for
                           // the replies to what it sent: those still go out
                           // before the connection closes.
                           C->Eof = true;
                           C->cut();
                           return;
                         }
                         C->In.append(C->Buf, N);
                         C->cut();
                       });
}

/// Cuts the bytes read into requests, then reads more unless an HTTP
/// request awaits its reply.
void Conn::cut() {
  const Limits &Lim = limits();
  for (;;) {
    if (Busy || Refused)
      return;
    if (OutBytes > Lim.Pending) {
      // The client sends requests and does not read the replies: read no
      // more of them until it does (write() resumes), as nginx does.
      Stalled = true;
      if (L->Mode == Framing::Http)
        await(Waiting::Reader);
      return;
    }
    size_t End = std::string::npos, Skip = 0;
    switch (L->Mode) {
    case Framing::Http: {
      size_t H = In.find("\r\n\r\n", Scan > 3 ? Scan - 3 : 0);
      if (H != std::string::npos) {
        std::string_view Head(In.data(), H + 2);
        if (H + 4 > Lim.Header)
          return refuse(400, "Bad Request");
        if (findHeader(Head, "transfer-encoding:", 0) != std::string::npos)
          return refuse(501, "Not Implemented");
        std::optional<size_t> Length = contentLength(Head);
        if (!Length)
          return refuse(400, "Bad Request");
        if (*Length > Lim.Body)
          return refuse(413, "Content Too Large");
        size_t Body = *Length;
        if (In.size() >= H + 4 + Body)
          End = H + 4 + Body;
        else
          Scan = H; // wait for the body
      } else {
        if (In.size() > Lim.Header) {
          size_t Line = In.find("\r\n");
          return Line == std::string::npos || Line > Lim.Header
                     ? refuse(414, "URI Too Long")
                     : refuse(400, "Bad Request");
        }
        Scan = In.size();
      }
      break;
    }
    case Framing::Line: {
      End = In.find('\n');
      if (End != std::string::npos) {
        Skip = 1;
        if (End > 0 && In[End - 1] == '\r')
          --End, ++Skip;
      }
      break;
    }
    case Framing::Chunk:
      End = In.empty() ? std::string::npos : In.size();
      break;
    }
    if (End == std::string::npos) {
      if (L->Mode != Framing::Http && In.size() > MaxRequest)
        return finish();
      if (!Eof) {
        if (L->Mode == Framing::Http)
          await(In.empty() ? Waiting::Idle : Waiting::Request);
        return read();
      }
      await(Waiting::Nothing);
      if (L->Mode == Framing::Line && !In.empty()) {
        End = In.size(); // the last line, without its line end
        if (In.back() == '\r')
          --End, ++Skip;
      } else {
        // Nothing more will come: close once every request passed on has
        // its reply (a partial HTTP request is dropped), or after 10 s.
        if (!Unanswered)
          return finish();
        if (!Lingering) {
          Lingering = true;
          uint64_t MyId = Id;
          Linger.expires_after(std::chrono::seconds(10));
          Linger.async_wait([MyId](const boost::system::error_code &E) {
            if (Conn *C = find(MyId); C && !E)
              C->finish();
          });
        }
        return;
      }
    }
    auto *R = new Request();
    R->connection = Id;
    R->str().assign(In, 0, End);
    In.erase(0, End + Skip);
    Scan = 0;
    if (L->Mode == Framing::Http) {
      Busy = true;
      await(Waiting::Nothing); // the module answers in its own time
    }
    ++Unanswered;
    L->push(R);
  }
}

void Conn::write() {
  if (Writing || Out.empty())
    return;
  Writing = true;
  uint64_t MyId = Id;
  asio::async_write(Sock, asio::buffer(Out.front()),
                    [MyId](const boost::system::error_code &E, size_t) {
                      Conn *C = find(MyId);
                      if (!C)
                        return;
                      C->Writing = false;
                      C->OutBytes -= C->Out.front().size();
                      C->Out.pop_front();
                      if (E)
                        return C->finish();
                      if (C->Stalled && !C->Closing &&
                          C->OutBytes <= limits().Pending) {
                        C->Stalled = false; // the client reads again
                        C->cut();
                        if (!find(MyId))
                          return;
                      } else if (C->Stalled) {
                        C->await(Waiting::Nothing); // progress: re-arm
                        C->await(Waiting::Reader);
                      }
                      if (!C->Out.empty())
                        return C->write();
                      if (C->Closing || (C->Eof && !C->Unanswered))
                        C->finish();
                    });
}

/// Arms the deadline for what the connection now waits on (HTTP only): a
/// new request (the header timeout for the first, the idle timeout after
/// an answer), the rest of a request begun (the header timeout, from its
/// first byte), or a client to read its replies (the header timeout, from
/// its last progress). When it expires the connection is closed.
void Conn::await(Waiting W) {
  if (W == Wait)
    return;
  Wait = W;
  ++DeadlineGen;
  if (W == Waiting::Nothing) {
    Deadline.cancel();
    return;
  }
  const Limits &Lim = limits();
  Deadline.expires_after(W == Waiting::Idle && Answered ? Lim.IdleTimeout
                                                        : Lim.HeaderTimeout);
  uint64_t MyId = Id, Gen = DeadlineGen;
  Deadline.async_wait([MyId, Gen](const boost::system::error_code &E) {
    Conn *C = find(MyId);
    if (!C || E || C->DeadlineGen != Gen)
      return;
    // Closing the socket ends a write the client does not read: its
    // handler then finishes the connection (Out stays until then, since
    // the write reads from it).
    C->Closing = true;
    boost::system::error_code Ignored;
    C->Sock.close(Ignored);
    if (!C->Writing)
      C->finish();
  });
}

/// Answers a request the framing cannot pass on (too large, a bad length)
/// with Status, as nginx does, and closes the connection once that is
/// written; what else was read is dropped.
void Conn::refuse(int Status, const char *Reason) {
  Refused = true;
  await(Waiting::Nothing);
  std::string Body = std::to_string(Status) + " " + Reason + "\n";
  std::string R = "HTTP/1.1 " + std::to_string(Status) + " " + Reason +
                  "\r\nServer: aspen\r\nContent-Type: text/plain\r\n"
                  "Content-Length: " +
                  std::to_string(Body.size()) +
                  "\r\nConnection: close\r\n\r\n" + Body;
  std::string().swap(In); // give the memory back now
  OutBytes += R.size();
  Out.push_back(std::move(R));
  Closing = true;
  write();
}

/// The connection is done: close it, once what is being written has gone,
/// and forget it.
void Conn::finish() {
  if (Writing) {
    Closing = true;
    return;
  }
  boost::system::error_code Ignored;
  Linger.cancel();
  ++DeadlineGen;
  Deadline.cancel();
  Sock.shutdown(tcp::socket::shutdown_both, Ignored);
  Sock.close(Ignored);
  Listener *Owner = L;
  uint32_t Slot = uint32_t(Id);
  FreeSlots.push_back(Slot);
  Table[Slot].reset(); // this object is gone
  --Owner->Open;
  Owner->endIfDone();
}

Listener *listen(const std::string &Host, int Port, Framing F,
                 uint64_t MaxConnections) {
  if (Port < 0 || Port > 65535)
    throw std::runtime_error("cannot listen on port " + std::to_string(Port) +
                             ": not a port number");
  Reactor &R = reactor();
  auto *L = new Listener(R.Ctx, F, MaxConnections, Scheduler::instance());
  // The loop's handler outlives nothing it uses: the caller waits for it.
  auto Error = std::make_shared<std::string>();
  auto C = std::make_shared<Completion>();
  asio::post(R.Ctx, [&R, L, Host, Port, Error, C] {
    try {
      boost::system::error_code E;
      tcp::endpoint EP(tcp::v6(), uint16_t(Port));
      if (!Host.empty()) {
        tcp::resolver Res(R.Ctx);
        auto Found = Res.resolve(Host, std::to_string(Port), E);
        if (E)
          throw boost::system::system_error(E);
        if (Found.empty())
          throw std::runtime_error("no address for '" + Host + "'");
        EP = *Found.begin();
      }
      L->Acceptor.open(EP.protocol());
      ::fcntl(L->Acceptor.native_handle(), F_SETFD, FD_CLOEXEC);
      L->Acceptor.set_option(tcp::acceptor::reuse_address(true));
      if (EP.protocol() == tcp::v6())
        L->Acceptor.set_option(asio::ip::v6_only(false));
      L->Acceptor.bind(EP);
      L->Acceptor.listen(asio::socket_base::max_listen_connections);
      L->Port = L->Acceptor.local_endpoint().port();
      L->accept();
    } catch (const std::exception &Ex) {
      *Error = Ex.what();
    }
    C->complete();
  });
  C->wait();
  if (!Error->empty()) {
    delete L;
    throw std::runtime_error("cannot listen on " +
                             (Host.empty() ? std::string("*") : Host) + ":" +
                             std::to_string(Port) + ": " + *Error);
  }
  return L;
}

int boundPort(const Listener *L) { return L->Port; }

Request *next(Listener *L) {
  Request *R = nullptr;
  parkUntil(L->Waiter, [&] {
    if (!R)
      R = L->Inbox.pop();
    return R != nullptr || (L->Ended.load(std::memory_order_seq_cst) &&
                            !L->Inbox.mayHaveItems());
  });
  return R;
}

void reply(Response *Resp) {
  Reactor &R = reactor();
  asio::post(R.Ctx, [Resp] {
    std::unique_ptr<Response> Own(Resp);
    Conn *C = find(Resp->connection);
    if (!C)
      return; // closed meanwhile
    if (C->Refused)
      return; // answered by the framing, and closing
    C->OutBytes += Resp->str().size();
    C->Out.push_back(std::move(Resp->str()));
    C->Closing |= Resp->close;
    C->Answered = true;
    if (C->Unanswered) // a line may have several replies, or none
      --C->Unanswered;
    C->write();
    if (C->Closing) {
      C->Busy = false;
    } else if ((C->L->Mode == Framing::Http && C->Busy) || C->Eof) {
      C->Busy = false;
      C->cut();
    } else {
      C->Busy = false;
    }
  });
}

} // namespace aspen::net

void aspen::rt::shutdownIo() {
  if (!GReactor)
    return;
  GReactor->Ctx.stop();
  GReactor->Thread.join();
  // Connections and listeners die with the process.
}

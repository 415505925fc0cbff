//===- Net.cpp - The TCP transport between node processes -----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// See Net.h for the design. Everything here runs on the transport thread
// except the wake hook (any worker) and the entry points Transport exposes.
//
//===----------------------------------------------------------------------===//

#include "Net.h"
#include "Collectives.h"
#include "Demangle.h"
#include "Framing.h"
#include "Futex.h"
#include "Trace.h"
#include "WireRegistry.h"
#include <boost/asio.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <climits>
#include <deque>
#include <functional>
#include <netinet/tcp.h>
#include <sched.h>
#include <thread>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::net;
namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

namespace {

enum Control : uint32_t {
  Credit = 1,
  Eos,
  Done,
  Finish,
  Bye,
  Abort,
  Probe,      // node 0 -> all: are you quiet? (seq)
  ProbeReply, // -> node 0: seq, quiet, data frames sent, received, activity
  Deadlock,   // node 0 -> all: nobody anywhere can make progress
  Heartbeat,  // nothing else was sent for a second
};
constexpr char Magic[8] = {'A', 'S', 'P', 'E', 'N', 'v', '1', 0};
constexpr size_t HelloSize = 8 + 16 + 4 + 8; // magic, secret, node, hash

void putHeader(std::vector<char> &B, uint32_t Len, uint32_t Chan,
               uint32_t Type) {
  Header H{Len, Chan, Type};
  const char *P = reinterpret_cast<const char *>(&H);
  B.insert(B.end(), P, P + HeaderSize);
}

template <typename T> void putPod(std::vector<char> &B, T V) {
  const char *P = reinterpret_cast<const char *>(&V);
  B.insert(B.end(), P, P + sizeof V);
}

template <typename T> T getPod(const char *P) {
  T V;
  std::memcpy(&V, P, sizeof V);
  return V;
}

} // namespace

struct Transport::Impl {
  /// A piece of a pending write: bytes of Buf, or a payload's own elements.
  struct Segment {
    size_t Off = 0, Len = 0;
    Payload *Own = nullptr; // zero-copy: write Own's elements, then delete
  };
  struct Peer {
    explicit Peer(asio::io_context &Io) : Sock(Io), Timer(Io) {}
    uint32_t Index = 0;
    tcp::socket Sock;
    asio::steady_timer Timer; // connect retries
    bool Up = false, SaidBye = false, GotBye = false, Closed = false;
    bool ShutDown = false; // our side is half-closed after the bye
    bool PeerEof = false;  // its side is, after its bye
    bool RearmQueued = false;
    // For the heartbeat: when we last wrote to it and last heard from it.
    std::chrono::steady_clock::time_point LastSent, LastHeard;
    // Writes: Buf/Segs collect while Flight* are on the wire.
    std::vector<char> Buf, FlightBuf;
    std::vector<Segment> Segs, FlightSegs;
    bool Writing = false;
    // Reads.
    std::unique_ptr<FrameSink> Sink;
    std::unique_ptr<FrameDecoder> Decoder;
    std::string Error; // last connect error, for messages
  };
  struct OutChan {
    ChannelEnd End;
    InputPort Port;
    Fiber Waiter; // parks in Port.Consumer
    uint32_t Credits = 0;
    size_t BytesInFlight = 0;
    bool EosSent = false;
  };
  struct InChan {
    ChannelEnd End;
    Fiber Waiter; // parks in the destination's producer slot
    std::deque<std::pair<Payload *, size_t>> Pending;
    bool EosPending = false, Closed = false;
    uint32_t GrantMessages = 0;
    uint64_t GrantBytes = 0;
    bool GrantQueued = false;
  };

  Config C;
  asio::io_context Io;
  tcp::acceptor Acceptor{Io};
  std::vector<std::unique_ptr<Peer>> Peers; // by node index; Self is null
  std::vector<std::unique_ptr<OutChan>> Outs;
  std::vector<std::unique_ptr<InChan>> Ins;
  std::vector<OutChan *> OutById;
  std::vector<InChan *> InById;
  std::vector<InChan *> GrantList;
  Scheduler *Sched = nullptr;
  std::thread Thread;
  // Wake hook -> transport thread: channel tags (high bit: inbound).
  std::unique_ptr<MPSCQueue<uint32_t>> Kicks;
  std::atomic<bool> KickPosted{false};
  // Termination.
  uint32_t DoneCount = 0; // node 0: nodes whose instances have finished
  std::vector<bool> DoneFrom;
  bool Finishing = false, Failed = false;
  int FailStatus = 0;
  std::string Self;

  Impl(Config Cfg) : C(std::move(Cfg)) { Self = C.Nodes[C.Self].Name; }

  std::string nodeName(uint32_t N) const {
    return "'" + C.Nodes[N].Name + "'";
  }

  //===--------------------------------------------------------------------===//
  // Failure
  //===--------------------------------------------------------------------===//

  /// Ends the job on this node (once) and tells the other nodes.
  /// Culprit: the node that failed first, as far as this node knows
  /// (itself, or a peer whose connection broke); Lost: it was lost rather
  /// than reporting its own failure.
  /// Reported: the culprit's own status, passed on unchanged by the nodes
  /// that only stop because of it.
  void fail(int Status, const std::string &Msg, uint32_t Culprit = UINT32_MAX,
            bool Lost = false, int Reported = -1) {
    if (Failed || (Finishing && Status == 0))
      return;
    if (Culprit == UINT32_MAX)
      Culprit = C.Self;
    if (!Msg.empty())
      std::fprintf(stderr, "aspen: error: node '%s': %s\n", Self.c_str(),
                   Msg.c_str());
    for (auto &P : Peers)
      if (P && P->Up && !P->Closed) {
        putHeader(P->Buf, 12, ControlChannel, Abort);
        putPod<uint32_t>(P->Buf, uint32_t(Reported < 0 ? Status : Reported));
        putPod<uint32_t>(P->Buf, Culprit);
        putPod<uint32_t>(P->Buf, Lost);
        write(*P);
      }
    stopJob(Status);
  }

  /// This node's part of ending a failed job: stop the instances, give
  /// what was just written (aborts) a moment to leave, drop every
  /// connection.
  void stopJob(int Status) {
    Failed = true;
    FailStatus = Status;
    if (Sched)
      Sched->stop(Status);
    after(std::chrono::milliseconds(200), [this] {
      closeAll();
      return false;
    });
  }

  /// Runs Tick after Delay on the transport, and again after each Delay for
  /// as long as it returns true and the job neither finishes nor fails.
  template <typename Fn> void after(std::chrono::milliseconds Delay, Fn Tick) {
    auto T = std::make_shared<asio::steady_timer>(Io);
    T->expires_after(Delay);
    T->async_wait([this, T, Delay, Tick](error_code Ec) mutable {
      if (!Ec && Tick() && !Finishing && !Failed)
        after(Delay, std::move(Tick));
    });
  }

  void closeAll() {
    error_code Ec;
    Acceptor.close(Ec);
    for (auto &P : Peers)
      if (P) {
        P->Closed = true;
        P->Timer.cancel();
        P->Sock.close(Ec);
      }
  }

  void lost(Peer &P, const std::string &Why) {
    if (P.Closed)
      return;
    P.Closed = true;
    error_code Ec;
    P.Sock.close(Ec);
    if (Failed)
      return;
    if (P.GotBye)
      return; // it finished cleanly; what follows a bye does not matter
    fail(5,
         "lost the connection to node " + nodeName(P.Index) + " (" +
             C.Nodes[P.Index].Host + ":" +
             std::to_string(C.Nodes[P.Index].Port) + "): " + Why,
         P.Index, true);
  }

  //===--------------------------------------------------------------------===//
  // Connecting
  //===--------------------------------------------------------------------===//

  std::string hello() const {
    std::string H(Magic, 8);
    H += C.Secret;
    H.append(reinterpret_cast<const char *>(&C.Self), 4);
    H.append(reinterpret_cast<const char *>(&C.ProgramHash), 8);
    return H;
  }

  /// Checks a peer's hello; returns its node index or an error.
  bool checkHello(const char *H, uint32_t &Node, std::string &Why) const {
    if (std::memcmp(H, Magic, 8) != 0) {
      Why = "not an aspen node (bad greeting)";
      return false;
    }
    unsigned char Diff = 0; // constant time: no early exit on the secret
    for (size_t K = 0; K < 16; ++K)
      Diff |= static_cast<unsigned char>(H[8 + K] ^ C.Secret[K]);
    if (Diff) {
      Why = "wrong job secret";
      return false;
    }
    Node = getPod<uint32_t>(H + 24);
    if (getPod<uint64_t>(H + 28) != C.ProgramHash) {
      Why = "a different program";
      return false;
    }
    if (Node >= C.Nodes.size() || Node == C.Self) {
      Why = "bad node index " + std::to_string(Node);
      return false;
    }
    return true;
  }

  static void tune(tcp::socket &S) {
    error_code Ec;
    S.set_option(tcp::no_delay(true), Ec);
    S.set_option(asio::socket_base::keep_alive(true), Ec);
    // A silent peer (a cut cable, a dead machine) is noticed in seconds.
    int Idle = 2, Intvl = 1, Cnt = 2;
    ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPIDLE, &Idle,
                 sizeof Idle);
    ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPINTVL, &Intvl,
                 sizeof Intvl);
    ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPCNT, &Cnt,
                 sizeof Cnt);
  }

  tcp::endpoint endpointOf(uint32_t N, error_code &Ec) {
    tcp::resolver Res(Io);
    auto R = Res.resolve(C.Nodes[N].Host, std::to_string(C.Nodes[N].Port),
                         Ec);
    if (Ec || R.empty())
      return {};
    return *R.begin();
  }

  bool listen() {
    error_code Ec;
    if (C.ListenFd >= 0) {
      sockaddr_storage SS{};
      socklen_t Len = sizeof SS;
      ::getsockname(C.ListenFd, reinterpret_cast<sockaddr *>(&SS), &Len);
      Acceptor.assign(SS.ss_family == AF_INET6 ? tcp::v6() : tcp::v4(),
                      C.ListenFd, Ec);
    } else {
      tcp::endpoint E = endpointOf(C.Self, Ec);
      if (!Ec) {
        Acceptor.open(E.protocol(), Ec);
        if (!Ec)
          Acceptor.set_option(asio::socket_base::reuse_address(true), Ec);
        if (!Ec)
          Acceptor.bind(E, Ec);
        if (!Ec)
          Acceptor.listen(asio::socket_base::max_listen_connections, Ec);
      }
    }
    if (Ec) {
      std::fprintf(stderr,
                   "aspen: error: node '%s': cannot listen on %s:%u: %s\n",
                   Self.c_str(), C.Nodes[C.Self].Host.c_str(),
                   unsigned(C.Nodes[C.Self].Port), Ec.message().c_str());
      return false;
    }
    accept();
    return true;
  }

  /// Accepts for the whole job: nodes above us connect to us, and anything
  /// else that connects is checked and dropped.
  void accept() {
    auto S = std::make_shared<tcp::socket>(Io);
    Acceptor.async_accept(*S, [this, S](error_code Ec) {
      if (Ec == asio::error::operation_aborted || !Acceptor.is_open())
        return;
      if (!Ec)
        greet(S);
      accept();
    });
  }

  void dropStranger(tcp::socket &S, const std::string &Why) {
    error_code Ec;
    auto R = S.remote_endpoint(Ec);
    std::fprintf(stderr,
                 "aspen: warning: node '%s': dropped a connection from %s: "
                 "%s\n",
                 Self.c_str(),
                 Ec ? "an unknown address"
                    : (R.address().to_string() + ":" + std::to_string(R.port()))
                          .c_str(),
                 Why.c_str());
    S.close(Ec);
  }

  void greet(std::shared_ptr<tcp::socket> S) {
    auto Buf = std::make_shared<std::array<char, HelloSize>>();
    auto T = std::make_shared<asio::steady_timer>(Io);
    T->expires_after(std::chrono::seconds(5));
    T->async_wait([S](error_code Ec) {
      if (!Ec)
        S->close(Ec); // no hello in time
    });
    asio::async_read(*S, asio::buffer(*Buf), [this, S, Buf, T](error_code Ec,
                                                               size_t) {
      T->cancel();
      if (Ec) {
        dropStranger(*S, Ec == asio::error::operation_aborted
                             ? "no greeting within 5 s"
                             : "closed before greeting");
        return;
      }
      uint32_t Node = 0;
      std::string Why;
      if (!checkHello(Buf->data(), Node, Why)) {
        dropStranger(*S, Why);
        return;
      }
      if (Node < C.Self || Peers[Node]->Up || Finishing || Failed) {
        dropStranger(*S, "node " + nodeName(Node) + " is already connected");
        return;
      }
      Peer &P = *Peers[Node];
      P.Sock = std::move(*S);
      tune(P.Sock);
      auto H = std::make_shared<std::string>(hello());
      asio::async_write(P.Sock, asio::buffer(*H),
                        [this, &P, H](error_code Ec, size_t) {
                          if (Ec)
                            return lost(P, Ec.message());
                          up(P);
                        });
    });
  }

  void dial(Peer &P, std::chrono::milliseconds Backoff) {
    error_code Ec;
    tcp::endpoint E = endpointOf(P.Index, Ec);
    if (Ec) {
      P.Error = "cannot resolve '" + C.Nodes[P.Index].Host + "': " +
                Ec.message();
      return retry(P, Backoff);
    }
    P.Sock = tcp::socket(Io);
    P.Sock.async_connect(E, [this, &P, Backoff](error_code Ec) {
      if (Finishing || Failed)
        return;
      if (Ec) {
        P.Error = Ec.message();
        return retry(P, Backoff);
      }
      tune(P.Sock);
      auto H = std::make_shared<std::string>(hello());
      auto Reply = std::make_shared<std::array<char, HelloSize>>();
      asio::async_write(P.Sock, asio::buffer(*H), [H](error_code,
                                                                size_t) {});
      asio::async_read(
          P.Sock, asio::buffer(*Reply),
          [this, &P, Reply, Backoff](error_code Ec, size_t) {
            if (Ec) {
              P.Error = "no greeting back: " + Ec.message();
              return retry(P, Backoff);
            }
            uint32_t Node = 0;
            std::string Why;
            if (!checkHello(Reply->data(), Node, Why) || Node != P.Index) {
              P.Error = Why.empty() ? "answered as another node" : Why;
              return retry(P, Backoff);
            }
            up(P);
          });
    });
  }

  void retry(Peer &P, std::chrono::milliseconds Backoff) {
    error_code Ec;
    P.Sock.close(Ec);
    P.Timer.expires_after(Backoff);
    P.Timer.async_wait([this, &P, Backoff](error_code Ec) {
      if (!Ec)
        dial(P, std::min(Backoff * 2, std::chrono::milliseconds(500)));
    });
  }

  uint32_t UpCount = 0;
  bool Started = false; // reads start with the scheduler
  void up(Peer &P) {
    P.Up = true;
    P.Sink = std::make_unique<PeerSink>(*this, P);
    P.Decoder = std::make_unique<FrameDecoder>(C.MaxFrame, *P.Sink);
    ++UpCount;
    if (Started)
      read(P);
  }

  bool connectAll() {
    Peers.resize(C.Nodes.size());
    for (uint32_t N = 0; N < C.Nodes.size(); ++N)
      if (N != C.Self) {
        Peers[N] = std::make_unique<Peer>(Io);
        Peers[N]->Index = N;
      }
    DoneFrom.assign(C.Nodes.size(), false);
    if (!listen())
      return false;
    for (uint32_t N = 0; N < C.Self; ++N)
      dial(*Peers[N], std::chrono::milliseconds(10));
    auto Deadline = std::chrono::steady_clock::now() +
                    std::chrono::milliseconds(int64_t(C.ConnectTimeout * 1000));
    while (UpCount + 1 < C.Nodes.size() && !Failed &&
           std::chrono::steady_clock::now() < Deadline)
      Io.run_one_until(Deadline);
    if (Failed) // a peer already failed or went away: nothing to start
      return false;
    if (UpCount + 1 == C.Nodes.size())
      return true;
    for (uint32_t N = 0; N < C.Nodes.size(); ++N)
      if (N != C.Self && !Peers[N]->Up)
        std::fprintf(stderr,
                     "aspen: error: node '%s': no connection with node '%s' "
                     "(%s:%u) after %g s%s%s\n",
                     Self.c_str(), C.Nodes[N].Name.c_str(),
                     C.Nodes[N].Host.c_str(), unsigned(C.Nodes[N].Port),
                     C.ConnectTimeout, Peers[N]->Error.empty() ? "" : ": ",
                     Peers[N]->Error.c_str());
    return false;
  }

  //===--------------------------------------------------------------------===//
  // Writing
  //===--------------------------------------------------------------------===//

  void write(Peer &P) {
    if (P.ShutDown) { // nothing may follow the bye
      for (Segment &S : P.Segs)
        delete S.Own;
      P.Segs.clear();
      P.Buf.clear();
      return;
    }
    if (P.Writing || !P.Up || P.Closed || (P.Buf.empty() && P.Segs.empty()))
      return;
    // Whatever accumulated since the last write goes out as one batch.
    std::swap(P.Buf, P.FlightBuf);
    std::swap(P.Segs, P.FlightSegs);
    P.Buf.clear();
    P.Segs.clear();
    std::vector<asio::const_buffer> Bufs;
    size_t At = 0;
    for (Segment &S : P.FlightSegs) {
      if (S.Off > At)
        Bufs.emplace_back(P.FlightBuf.data() + At, S.Off - At);
      Bufs.emplace_back(S.Own->elementData(), S.Len);
      At = S.Off;
    }
    if (P.FlightBuf.size() > At)
      Bufs.emplace_back(P.FlightBuf.data() + At, P.FlightBuf.size() - At);
    P.Writing = true;
    P.LastSent = std::chrono::steady_clock::now();
    if (trace::Enabled) {
      size_t Bytes = 0;
      for (const asio::const_buffer &B : Bufs)
        Bytes += B.size();
      trace::record(trace::FrameOut, &C.Nodes[P.Index].Name, nullptr,
                    trace::now(), 0, Bytes);
    }
    // transfer_all() would cap each sendmsg at 64 KiB; let the kernel take
    // as much as its buffer holds.
    auto All = [](const error_code &Ec, size_t) -> size_t {
      return Ec ? 0 : size_t(1) << 30;
    };
    asio::async_write(P.Sock, Bufs, All, [this, &P](error_code Ec, size_t) {
      P.Writing = false;
      for (Segment &S : P.FlightSegs)
        delete S.Own;
      P.FlightSegs.clear();
      P.FlightBuf.clear();
      if (Ec)
        return lost(P, Ec.message());
      if (P.SaidBye && P.Buf.empty() && P.Segs.empty()) {
        P.ShutDown = true;
        error_code E2;
        P.Sock.shutdown(tcp::socket::shutdown_send, E2);
        return maybeClose(P);
      }
      write(P);
    });
  }

  /// Appends P as a data frame of channel Id; returns its body size.
  size_t encode(Peer &To, uint32_t Id, Payload *P) {
    if (!P) {
      putHeader(To.Buf, 0, Id, EmptyType);
      return 0;
    }
    uint32_t Type = 0;
    // A reduce part's shared send: the bytes of what it views.
    const Payload *Of = P;
    if (typeid(*P) == typeid(SharedView))
      Of = &static_cast<SharedView *>(P)->viewed();
    const wire::TypeEntry *E = wire::lookup(*Of, Type);
    if (!E) {
      std::string Name = demangle(typeid(*Of).name());
      delete P;
      fail(4, "payload of type '" + Name + "' cannot cross to node " +
                  nodeName(To.Index) + " on edge " + OutById[Id]->End.What +
                  ": it has no wire format (see docs/runtime.md, 'Payloads between nodes')");
      return 0;
    }
    if (E->ElemSize) {
      size_t Len = P->elementCount() * E->ElemSize;
      if (Len > C.MaxFrame)
        return tooBig(Id, Len, P);
      putHeader(To.Buf, uint32_t(Len), Id, Type);
      if (Len >= ZeroCopyBytes) {
        To.Segs.push_back({To.Buf.size(), Len, P});
        return Len;
      }
      const char *D = static_cast<const char *>(P->elementData());
      To.Buf.insert(To.Buf.end(), D, D + Len);
      delete P;
      return Len;
    }
    size_t At = To.Buf.size();
    putHeader(To.Buf, 0, Id, Type);
    try {
      wire::Writer W(To.Buf);
      E->Ser(*Of, W);
    } catch (std::exception &X) {
      To.Buf.resize(At);
      delete P;
      fail(4, std::string("serializing a payload on edge ") +
                  OutById[Id]->End.What + " failed: " + X.what());
      return 0;
    }
    size_t Len = To.Buf.size() - At - HeaderSize;
    delete P;
    if (Len > C.MaxFrame) {
      To.Buf.resize(At);
      return tooBig(Id, Len, nullptr);
    }
    std::memcpy(To.Buf.data() + At, &Len, 4);
    return Len;
  }

  size_t tooBig(uint32_t Id, size_t Len, Payload *P) {
    delete P;
    fail(4, "a message of " + std::to_string(Len) + " bytes on edge " +
                OutById[Id]->End.What + " exceeds the frame limit of " +
                std::to_string(C.MaxFrame) + " bytes (ASPEN_MAX_FRAME)");
    return 0;
  }

  /// Moves what channel O's senders queued onto its connection, as far as
  /// its window allows, then parks on its queue if it ran dry.
  void drain(OutChan &O) {
    if (Failed || Finishing)
      return;
    Peer &To = *Peers[O.End.Peer];
    InputPort &Q = O.Port;
    bool Popped = false;
    while (!O.EosSent && O.Credits > 0 &&
           (O.BytesInFlight < C.WindowBytes ||
            O.Credits == C.WindowMessages)) {
      Payload *P = nullptr;
      if (!Q.tryPop(P)) {
        // Closed and drained: the count is read before the queue.
        if (Q.OpenProducers.load(std::memory_order_acquire) == 0) {
          if (!Q.tryPop(P)) {
            putHeader(To.Buf, 4, ControlChannel, Eos);
            putPod<uint32_t>(To.Buf, O.End.Id);
            O.EosSent = true;
            break;
          }
        } else {
          Q.Consumer.store(&O.Waiter, std::memory_order_relaxed);
          fullFence();
          if (!Q.tryPop(P) &&
              Q.OpenProducers.load(std::memory_order_acquire) != 0)
            break; // a sender's push (or its end) will kick us
          Q.Consumer.exchange(nullptr); // a kick may still come: harmless
          if (!P)
            continue;
        }
      }
      Popped = true;
      size_t Len = encode(To, O.End.Id, P);
      ++DataSent;
      if (Failed)
        return;
      --O.Credits;
      O.BytesInFlight += Len;
    }
    if (Popped)
      wakeProducers(Q);
    write(To);
  }

  //===--------------------------------------------------------------------===//
  // Reading
  //===--------------------------------------------------------------------===//

  void read(Peer &P) {
    if (P.Closed || P.Decoder->dead())
      return;
    P.Sock.async_read_some(
        asio::buffer(P.Decoder->readTarget(), P.Decoder->readRoom()),
        [this, &P](error_code Ec, size_t N) {
          if (Ec)
            return readError(P, Ec);
          P.LastHeard = std::chrono::steady_clock::now();
          if (trace::Enabled)
            trace::record(trace::FrameIn, &C.Nodes[P.Index].Name, nullptr,
                          trace::now(), 0, N);
          P.Decoder->consumed(N);
          flushGrants();
          rearm(P);
        });
  }

  /// What a connection's decoder reports goes to the transport.
  struct PeerSink final : FrameSink {
    PeerSink(Impl &T, Peer &P) : T(T), P(P) {}
    bool knownChannel(uint32_t Chan) override {
      InChan *IC = Chan < T.InById.size() ? T.InById[Chan] : nullptr;
      return IC && IC->End.Peer == P.Index;
    }
    void control(const Header &H, const char *Body) override {
      T.control(P, H, Body);
    }
    void data(uint32_t Chan, Payload *Pl, size_t Len) override {
      ++T.DataReceived;
      T.deliver(*T.InById[Chan], Pl, Len);
    }
    void protocolError(const std::string &Why) override {
      T.protocolError(P, Why);
    }
    Impl &T;
    Peer &P;
  };

  /// The next read of a connection. A worker polling defers it to its next
  /// poll: the read almost always finds nothing yet (a system call), and
  /// the fiber just woken should run first.
  bool Deferring = false;
  std::vector<Peer *> Rearms;
  void rearm(Peer &P) {
    if (!Deferring)
      return read(P);
    if (!P.RearmQueued) {
      P.RearmQueued = true;
      Rearms.push_back(&P);
    }
  }
  void flushRearms() {
    std::vector<Peer *> Now;
    Now.swap(Rearms);
    for (Peer *P : Now) {
      P->RearmQueued = false;
      read(*P);
    }
  }

  void readError(Peer &P, error_code Ec) {
    if (Ec == asio::error::operation_aborted)
      return;
    if (Ec == asio::error::eof && P.GotBye) {
      // It has finished; our own bye may still have to go out.
      P.PeerEof = true;
      maybeClose(P);
      return;
    }
    lost(P, Ec == asio::error::eof ? "it closed the connection without "
                                     "finishing (did the node die?)"
                                   : Ec.message());
  }

  void protocolError(Peer &P, const std::string &Why) {
    if (P.Decoder)
      P.Decoder->stop();
    if (P.Closed)
      return;
    error_code Ec;
    P.Closed = true;
    P.Sock.close(Ec);
    fail(5, "protocol error from node " + nodeName(P.Index) + ": " + Why);
  }

  void control(Peer &P, const Header &H, const char *Body) {
    auto Need = [&](size_t N) {
      if (H.Len >= N)
        return true;
      protocolError(P, "a short control frame");
      return false;
    };
    switch (H.Type) {
    case Credit:
      for (size_t K = 0; K + 16 <= H.Len; K += 16) {
        uint32_t Id = getPod<uint32_t>(Body + K);
        OutChan *O = Id < OutById.size() ? OutById[Id] : nullptr;
        if (!O || O->End.Peer != P.Index)
          return protocolError(P, "credit for unknown channel " +
                                      std::to_string(Id));
        O->Credits += getPod<uint32_t>(Body + K + 4);
        uint64_t B = getPod<uint64_t>(Body + K + 8);
        O->BytesInFlight -= std::min<uint64_t>(B, O->BytesInFlight);
        drain(*O);
      }
      return;
    case Eos: {
      if (!Need(4))
        return;
      uint32_t Id = getPod<uint32_t>(Body);
      InChan *IC = Id < InById.size() ? InById[Id] : nullptr;
      if (!IC || IC->End.Peer != P.Index)
        return protocolError(P, "end of stream for unknown channel " +
                                    std::to_string(Id));
      IC->EosPending = true;
      retry(*IC);
      return;
    }
    case Done:
      if (C.Self == 0)
        nodeDone(P.Index);
      return;
    case Finish:
      beginFinish();
      return;
    case Bye:
      P.GotBye = true;
      return;
    case Probe:
      if (!Need(4))
        return;
      probeReply(P, getPod<uint32_t>(Body));
      return;
    case ProbeReply:
      if (!Need(32))
        return;
      if (C.Self == 0)
        probeResult(P.Index, getPod<uint32_t>(Body), getPod<uint32_t>(Body + 4),
                    getPod<uint64_t>(Body + 8), getPod<uint64_t>(Body + 16),
                    getPod<uint64_t>(Body + 24));
      return;
    case Deadlock:
      deadlock();
      return;
    case Heartbeat:
      return; // hearing from the peer is what counts (LastHeard)
    case Abort: {
      if (!Need(12))
        return;
      P.GotBye = true; // its connection ending is expected now
      uint32_t Status = getPod<uint32_t>(Body),
               Culprit = getPod<uint32_t>(Body + 4);
      bool Lost = getPod<uint32_t>(Body + 8) != 0;
      if (Culprit >= C.Nodes.size())
        Culprit = P.Index;
      std::string Msg = "stopping: node " + nodeName(Culprit);
      if (Lost)
        Msg += " is unreachable (node " + nodeName(P.Index) +
               " lost its connection)";
      else
        Msg += " failed (exit status " + std::to_string(Status) + ")";
      fail(5, Msg, Culprit, Lost, int(Status));
      return;
    }
    default:
      return protocolError(P, "unknown control frame " +
                                  std::to_string(H.Type));
    }
  }

  //===--------------------------------------------------------------------===//
  // Delivery into local queues
  //===--------------------------------------------------------------------===//

  void deliver(InChan &IC, Payload *P, size_t Len) {
    if (Finishing) { // every instance is done; nobody will read it
      delete P;
      return;
    }
    if (IC.Pending.empty() && IC.End.Port->tryPush(P)) {
      wakeConsumer(*IC.End.Port);
      grant(IC, Len);
      return;
    }
    IC.Pending.emplace_back(P, Len);
    retry(IC);
  }

  /// Pushes what waits for room; parks in the producer slot when full.
  void retry(InChan &IC) {
    InputPort &Q = *IC.End.Port;
    while (!IC.Pending.empty()) {
      auto [P, Len] = IC.Pending.front();
      if (!Q.tryPush(P)) {
        std::atomic<Fiber *> &Slot = Q.ProducerSlots[IC.End.Slot];
        if (Slot.load(std::memory_order_acquire) == &IC.Waiter)
          return; // still registered (a sweep): the consumer will kick us
        Slot.store(&IC.Waiter, std::memory_order_relaxed);
        Q.ProducersWaiting.fetch_add(1, std::memory_order_seq_cst);
        if (!Q.tryPush(P))
          return; // the consumer's next dequeue kicks us
        if (Slot.exchange(nullptr, std::memory_order_acq_rel))
          Q.ProducersWaiting.fetch_sub(1, std::memory_order_relaxed);
      }
      IC.Pending.pop_front();
      wakeConsumer(Q);
      grant(IC, Len);
    }
    if (IC.EosPending && !IC.Closed) {
      IC.Closed = true;
      closeProducer(Q);
    }
  }

  /// Credit goes back once half a window (of messages or of bytes) has
  /// entered the destination queue: a sender is never more than a window
  /// ahead, and a stream of small messages costs one credit frame per half
  /// window instead of one per message. The sender can always use what is
  /// not yet returned, so it can never wait for credit that is held back.
  void grant(InChan &IC, size_t Len) {
    ++IC.GrantMessages;
    IC.GrantBytes += Len;
    if (!IC.GrantQueued && (IC.GrantMessages * 2 >= C.WindowMessages ||
                            IC.GrantBytes * 2 >= C.WindowBytes)) {
      IC.GrantQueued = true;
      GrantList.push_back(&IC);
    }
  }

  void flushGrants() {
    for (InChan *IC : GrantList) {
      Peer &P = *Peers[IC->End.Peer];
      putHeader(P.Buf, 16, ControlChannel, Credit);
      putPod<uint32_t>(P.Buf, IC->End.Id);
      putPod<uint32_t>(P.Buf, IC->GrantMessages);
      putPod<uint64_t>(P.Buf, IC->GrantBytes);
      IC->GrantMessages = 0;
      IC->GrantBytes = 0;
      IC->GrantQueued = false;
      write(P);
    }
    GrantList.clear();
  }

  //===--------------------------------------------------------------------===//
  // Kicks from workers
  //===--------------------------------------------------------------------===//

  static void hook(Fiber *F) {
    auto *Self = static_cast<Impl *>(F->Owner);
    // Never wait here: the thread that empties Kicks may be this one. If
    // it is full, ask for a sweep of every channel instead.
    if (!Self->Kicks->tryPush(F->ExternalTag))
      Self->SweepAll.store(true, std::memory_order_release);
    // Dekker with the transport thread's "about to block, re-check kicks":
    // a worker that polls will find the kick; a thread blocked in epoll
    // must be woken for it.
    fullFence();
    if (Self->Blocking.load(std::memory_order_relaxed))
      Self->interrupt();
  }

  /// Wakes the transport thread out of epoll (once per wait).
  void interrupt() {
    if (!KickPosted.exchange(true, std::memory_order_acq_rel))
      asio::post(Io, [this] { KickPosted.store(false); });
  }

  std::atomic<bool> SweepAll{false};
  size_t kicked() {
    uint32_t Tag;
    size_t N = 0;
    if (SweepAll.load(std::memory_order_relaxed) &&
        SweepAll.exchange(false, std::memory_order_acq_rel)) {
      for (auto &O : Outs)
        drain(*O);
      for (auto &IC : Ins)
        retry(*IC);
      ++N;
    }
    while (Kicks->tryPop(Tag)) {
      ++N;
      if (Tag & 0x80000000u)
        retry(*InById[Tag & 0x7FFFFFFFu]);
      else
        drain(*OutById[Tag]);
    }
    flushGrants();
    return N;
  }

  //===--------------------------------------------------------------------===//
  // Who drives the sockets
  //===--------------------------------------------------------------------===//
  //
  // Whoever holds Held runs the transport's handlers; they never run
  // concurrently. While any worker is awake, idle workers poll (Io.poll,
  // a non-blocking epoll) between looking for fibers, so a message is read,
  // delivered and answered on one thread with no hand-off. When every
  // worker sleeps, the transport thread takes over and blocks in epoll;
  // it gives the role back as soon as a worker is awake again.

  std::atomic<bool> Held{false};
  std::atomic<bool> Blocking{false}; // the transport thread is in epoll
  std::atomic<uint32_t> NetEpoch{0}; // futex word: workers all asleep
  std::atomic<bool> Draining{false}; // the scheduler has stopped

  /// From an idle or busy worker: runs ready handlers if nobody else is.
  bool poll() {
    if (Held.load(std::memory_order_relaxed) ||
        Held.exchange(true, std::memory_order_acquire)) {
      if (Blocking.load(std::memory_order_relaxed))
        interrupt(); // ask the transport thread to hand the role over
      return false;
    }
    size_t N = kicked();
    flushRearms();
    Deferring = true;
    N += Io.poll();
    Deferring = false;
    N += kicked();
    Held.store(false, std::memory_order_release);
    return N > 0;
  }

  void allAsleep() {
    NetEpoch.fetch_add(1, std::memory_order_release);
    futexWake(NetEpoch, INT_MAX);
  }

  bool workersAsleep() const {
    return Draining.load(std::memory_order_acquire) || Sched->allAsleep();
  }

  void loop() {
    auto Guard = asio::make_work_guard(Io);
    while (!Io.stopped()) {
      uint32_t E = NetEpoch.load(std::memory_order_acquire);
      if (!workersAsleep()) {
        futexWait(NetEpoch, E, 10);
        // Workers are awake but may all be busy in long-running fibers:
        // every 10 ms, if none is polling, drive the sockets from here, so
        // timers (heartbeats), credit and incoming data never wait for a
        // fiber to yield.
        if (!workersAsleep() && !Held.load(std::memory_order_relaxed) &&
            !Held.exchange(true, std::memory_order_acquire)) {
          flushRearms();
          Io.poll();
          kicked();
          Held.store(false, std::memory_order_release);
        }
        continue;
      }
      if (Held.exchange(true, std::memory_order_acquire)) {
        sched_yield();
        continue;
      }
      flushRearms(); // a worker's deferred reads: we wait on them now
      while (workersAsleep() && !Io.stopped()) {
        Blocking.store(true, std::memory_order_relaxed);
        fullFence();
        if (Kicks->size() == 0 && !SweepAll.load(std::memory_order_relaxed))
          Io.run_one_for(std::chrono::milliseconds(50));
        Blocking.store(false, std::memory_order_relaxed);
        kicked();
      }
      Held.store(false, std::memory_order_release);
    }
  }

  //===--------------------------------------------------------------------===//
  // Termination
  //===--------------------------------------------------------------------===//

  //===--------------------------------------------------------------------===//
  // Deadlock across nodes
  //===--------------------------------------------------------------------===//
  //
  // Node 0 asks every node, twice a second while it is itself quiet,
  // whether it is quiet too (every worker asleep, nothing runnable) and
  // how many data frames it has sent and received and fibers it has run.
  // When every node is quiet, every frame sent has been received, and two
  // rounds in a row saw the very same counts, no message is in flight and
  // nothing ran in between: nothing can ever move again. Every node then
  // reports its blocked instances and exits with status 3.

  uint64_t DataSent = 0, DataReceived = 0;
  std::function<void()> OnDeadlock;
  uint32_t ProbeSeq = 0, ProbeReplies = 0;
  bool ProbeAllQuiet = true;
  std::vector<uint64_t> ProbeCounts, LastProbeCounts;

  bool quiet() const { return Sched && Sched->allAsleep() && !Sched->anyWork(); }

  //===--------------------------------------------------------------------===//
  // Heartbeats
  //===--------------------------------------------------------------------===//
  //
  // A peer that is stopped, hung or cut off without its connection closing
  // (SIGSTOP, a frozen machine, a partition) says nothing: every node sends
  // a heartbeat to each peer it wrote nothing to for a second, and gives up
  // on a peer it heard nothing from for ASPEN_PEER_TIMEOUT seconds.

  void startHeartbeats() {
    auto Now = std::chrono::steady_clock::now();
    for (auto &P : Peers)
      if (P)
        P->LastHeard = P->LastSent = Now;
    after(std::chrono::milliseconds(250), [this] { return heartbeat(); });
  }

  bool heartbeat() {
    if (Finishing || Failed)
      return false;
    auto Now = std::chrono::steady_clock::now();
    for (auto &P : Peers) {
      if (!P || P->Closed || P->GotBye)
        continue;
      if (Now - P->LastHeard > std::chrono::duration<double>(C.PeerTimeout)) {
        char Secs[32];
        std::snprintf(Secs, sizeof Secs, "%g", C.PeerTimeout);
        fail(5,
             "node " + nodeName(P->Index) + " has sent nothing for " + Secs +
                 " s: it is stopped, hung or unreachable",
             P->Index, true);
        return false;
      }
      if (Now - P->LastSent >= std::chrono::seconds(1) && !P->Writing) {
        putHeader(P->Buf, 0, ControlChannel, Heartbeat);
        write(*P);
      }
    }
    return true;
  }

  void startProbing() {
    after(std::chrono::milliseconds(500), [this] { return probe(); });
  }

  bool probe() {
    if (Finishing || Failed)
      return false;
    if (!quiet()) {
      LastProbeCounts.clear();
      return true;
    }
    if (ProbeReplies != 0)
      return true; // the last round is still out
    ++ProbeSeq;
    ProbeAllQuiet = true;
    ProbeCounts.assign(3 * C.Nodes.size(), 0);
    ProbeReplies = 1;
    ProbeCounts[0] = DataSent;
    ProbeCounts[1] = DataReceived;
    ProbeCounts[2] = Sched->activity();
    for (auto &P : Peers)
      if (P) {
        putHeader(P->Buf, 4, ControlChannel, Probe);
        putPod<uint32_t>(P->Buf, ProbeSeq);
        write(*P);
      }
    return true;
  }

  void probeReply(Peer &P, uint32_t Seq) {
    putHeader(P.Buf, 32, ControlChannel, ProbeReply);
    putPod<uint32_t>(P.Buf, Seq);
    putPod<uint32_t>(P.Buf, quiet() ? 1 : 0);
    putPod<uint64_t>(P.Buf, DataSent);
    putPod<uint64_t>(P.Buf, DataReceived);
    putPod<uint64_t>(P.Buf, Sched ? Sched->activity() : 0);
    write(P);
  }

  void probeResult(uint32_t From, uint32_t Seq, uint32_t Quiet, uint64_t Sent,
                   uint64_t Received, uint64_t Activity) {
    if (Seq != ProbeSeq || ProbeReplies == 0)
      return;
    ProbeAllQuiet &= Quiet != 0;
    ProbeCounts[3 * From] = Sent;
    ProbeCounts[3 * From + 1] = Received;
    ProbeCounts[3 * From + 2] = Activity;
    if (++ProbeReplies < C.Nodes.size())
      return;
    ProbeReplies = 0;
    uint64_t S = 0, R = 0;
    for (size_t N = 0; N < C.Nodes.size(); ++N)
      S += ProbeCounts[3 * N], R += ProbeCounts[3 * N + 1];
    bool Stuck = ProbeAllQuiet && S == R && quiet();
    if (Stuck && ProbeCounts == LastProbeCounts) {
      std::fprintf(stderr,
                   "aspen: error: deadlock across nodes: no instance on any "
                   "node can make progress\n");
      for (auto &P : Peers)
        if (P) {
          putHeader(P->Buf, 0, ControlChannel, Deadlock);
          write(*P);
        }
      deadlock();
      return;
    }
    LastProbeCounts = Stuck ? ProbeCounts : std::vector<uint64_t>();
  }

  void deadlock() {
    if (Failed || Finishing)
      return;
    if (OnDeadlock)
      OnDeadlock();
    stopJob(3); // every node got the same verdict: no aborts to send
  }

  void nodeDone(uint32_t N) {
    if (DoneFrom[N])
      return;
    DoneFrom[N] = true;
    if (++DoneCount < C.Nodes.size())
      return;
    for (auto &P : Peers)
      if (P) {
        putHeader(P->Buf, 0, ControlChannel, Finish);
        write(*P);
      }
    beginFinish();
  }

  void beginFinish() {
    if (Finishing || Failed)
      return;
    Finishing = true;
    for (auto &P : Peers)
      if (P && !P->Closed) {
        putHeader(P->Buf, 0, ControlChannel, Bye);
        P->SaidBye = true;
        if (!P->Writing)
          write(*P);
      }
    Sched->stop(0);
    checkAllClosed();
  }

  /// Both sides said bye and half-closed: the connection is done.
  void maybeClose(Peer &P) {
    if (!P.PeerEof || !P.ShutDown || P.Closed)
      return;
    P.Closed = true;
    error_code Ec;
    P.Sock.close(Ec);
    checkAllClosed();
  }

  void checkAllClosed() {
    if (!Finishing)
      return;
    for (auto &P : Peers)
      if (P && !P->Closed)
        return;
    Acceptor.close();
  }
};

Transport::Transport(Config C, std::vector<ChannelEnd> Out,
                     std::vector<ChannelEnd> In)
    : I(std::make_unique<Impl>(std::move(C))) {
  uint32_t MaxId = 0;
  for (auto &E : Out)
    MaxId = std::max(MaxId, E.Id + 1);
  for (auto &E : In)
    MaxId = std::max(MaxId, E.Id + 1);
  I->OutById.assign(MaxId, nullptr);
  I->InById.assign(MaxId, nullptr);
  for (ChannelEnd &E : Out) {
    auto O = std::make_unique<Impl::OutChan>();
    O->End = E;
    O->Credits = I->C.WindowMessages;
    // The senders' side of the channel: an ordinary bounded queue with one
    // producer, whose consumer is the transport.
    O->Port.Spsc = std::make_unique<SPSCQueue<Payload *>>(I->C.QueueCapacity);
    O->Port.NumProducers = 1;
    O->Port.ProducerSlots.reset(new std::atomic<Fiber *>[1]());
    O->Port.OpenProducers.store(1, std::memory_order_relaxed);
    O->Waiter.External = &Impl::hook;
    O->Waiter.Owner = I.get();
    O->Waiter.ExternalTag = E.Id;
    I->OutById[E.Id] = O.get();
    I->Outs.push_back(std::move(O));
  }
  for (ChannelEnd &E : In) {
    auto IC = std::make_unique<Impl::InChan>();
    IC->End = E;
    IC->Waiter.External = &Impl::hook;
    IC->Waiter.Owner = I.get();
    IC->Waiter.ExternalTag = E.Id | 0x80000000u;
    I->InById[E.Id] = IC.get();
    I->Ins.push_back(std::move(IC));
  }
  // Room for a few wakes per channel; past that, a sweep (see hook).
  I->Kicks = std::make_unique<MPSCQueue<uint32_t>>(4 * (Out.size() + In.size()) +
                                                    64);
}

Transport::~Transport() = default;

InputPort *Transport::outboundPort(uint32_t Id) {
  return &I->OutById[Id]->Port;
}

bool Transport::connect() { return I->connectAll(); }

int Transport::connectStatus() const { return I->Failed ? I->FailStatus : 6; }

void Transport::start(Scheduler &S) {
  I->Sched = &S;
  I->Started = true;
  I->Io.restart();
  for (auto &P : I->Peers)
    if (P && P->Up)
      I->read(*P);
  // Outbound channels start parked on their queues, like any consumer.
  for (auto &O : I->Outs)
    I->drain(*O);
  if (I->C.Self == 0)
    I->startProbing();
  I->startHeartbeats();
  I->Thread = std::thread([this] {
    trace::nameThread("transport");
    I->loop();
  });
  S.setPoller([P = I.get()] { return P->poll(); },
              [P = I.get()] { P->allAsleep(); });
}

void Transport::onDeadlock(std::function<void()> Report) {
  I->OnDeadlock = std::move(Report);
}

void Transport::localDone() {
  Impl *P = I.get();
  asio::post(P->Io, [P] {
    if (P->C.Self == 0)
      P->nodeDone(0);
    else {
      Impl::Peer &Zero = *P->Peers[0];
      putHeader(Zero.Buf, 0, ControlChannel, Done);
      P->write(Zero);
    }
  });
}

int Transport::finish(int Status) {
  Impl *P = I.get();
  // No worker polls any more: the transport thread drives the sockets.
  P->Draining.store(true, std::memory_order_release);
  P->allAsleep();
  if (Status != 0)
    asio::post(P->Io, [P, Status] {
      P->fail(Status, ""); // the instance's own message is already out
    });
  // Wait for the byes (or the aborts) to go out and the peers to close.
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  std::atomic<bool> Closed{false};
  while (std::chrono::steady_clock::now() < Deadline) {
    asio::post(P->Io, [P, &Closed] {
      bool All = true;
      for (auto &Pe : P->Peers)
        if (Pe && !Pe->Closed && !P->Failed)
          All = false;
      if (P->Failed && !P->Acceptor.is_open())
        All = true;
      Closed = All;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (Closed)
      break;
  }
  P->Io.stop();
  if (P->Thread.joinable())
    P->Thread.join();
  return P->Failed ? P->FailStatus : Status;
}

int aspen::rt::net::nodeFromEnvironment(size_t NumNodes) {
  for (const char *Var :
       {"ASPEN_NODE", "SLURM_PROCID", "OMPI_COMM_WORLD_RANK", "PMI_RANK"}) {
    const char *V = std::getenv(Var);
    if (!V || !*V)
      continue;
    char *End = nullptr;
    long N = std::strtol(V, &End, 10);
    if (*End || N < 0 || size_t(N) >= NumNodes) {
      std::fprintf(stderr,
                   "aspen: error: %s=%s is not a node of this program's "
                   "hostfile (0 to %zu)\n",
                   Var, V, NumNodes - 1);
      std::exit(2);
    }
    return int(N);
  }
  return -1;
}


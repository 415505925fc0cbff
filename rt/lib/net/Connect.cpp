//===- Connect.cpp - The transport: connecting the nodes ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's connections: the greeting, listening and accepting (and
// dropping strangers), dialling the nodes below this one with retries, and
// waiting until every node is connected. See Transport.h for the design.
//
// The greeting authenticates both ends with the 16-byte job secret without
// ever sending it, or anything derived from it to a party that has not
// proved it holds it. The node with the higher index dials (D), the other
// accepts (A); integers are little-endian; MAC is HMAC-SHA256 keyed with
// the secret (net/Handshake.cpp, OpenSSL's libcrypto); nonces are 32 bytes
// from RAND_bytes, fresh for every connection on both sides.
//
//   1. D -> A  "ASPENv2\0", D's index (u32), program hash (u64), Nd
//              (52 bytes; nothing secret)
//      A checks the magic (an "ASPENv1\0" node of the old protocol is
//      named as such), the hash ("a different program") and the index
//      ("bad node index"), and drops the connection otherwise.
//   2. A -> D  "ASPENv2\0", A's index (u32), Na, MACa (76 bytes), where
//      MACa = MAC("aspen-accept" || Nd || Na || D || A || hash)
//      D checks the magic, that A answers as the node it dialled, and MACa
//      in constant time (CRYPTO_memcmp). If MACa is wrong, whatever answers
//      at A's address does not hold the secret: D says so once ("peer at
//      HOST:PORT failed authentication"), closes, and retries until the
//      connect timeout; it has sent nothing but step 1.
//   3. D -> A  MACd (32 bytes), where
//      MACd = MAC("aspen-dial" || Na || Nd || D || A || hash)
//      A checks MACd in constant time; if it is wrong, the dialler is a
//      stranger, dropped with a (bounded) warning: "failed authentication".
//      D counts the connection as up once step 3 is written; A once it is
//      checked.
//
// Each MAC binds both nonces, so a step 2 or 3 recorded on one connection
// fails on any other (A's fresh Na, D's fresh Nd); its label binds the
// direction, so a MACa sent back as a MACd (a reflection) fails; both
// indices and the hash are inside, so a MAC for another pair of nodes or
// another program fails. A reads fixed sizes (8, 44, then 32 bytes) into
// one buffer of 52 bytes per connection, and the whole greeting must be
// done within 5 s.
//
// With ASPEN_NET_TLS=1 a node's magic is "ASPENv2T" in steps 1 and 2, and
// both MACs end with one byte of the two sides' settings (1: D's, 2: A's;
// absent when both are off, so the MACs above are unchanged). A node that
// meets the other setting answers as usual; once the other's MAC proves
// that setting, both stop the job, naming each other (a stranger cannot
// fake it). With TLS on, D then runs the TLS client and A the server over
// the same connection (net/Tls.cpp), keyed with handshake::tlsKey of this
// greeting's nonces; the connection is the job's once that is done, within
// the same 5 s on A's side.
//
//===----------------------------------------------------------------------===//

#include "net/Handshake.h"
#include "net/TransportImpl.h"
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <netinet/tcp.h>
#include <optional>
#include <sys/socket.h>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;
using namespace aspen::rt::transport::detail;

namespace hs = aspen::rt::transport::handshake;

/// A connection being greeted by the acceptor: all that a stranger costs
/// beyond its socket is this one fixed-size allocation.
struct Transport::Impl::Greeting {
  explicit Greeting(asio::io_context &Io) : Sock(Io), Timer(Io) {}
  tcp::socket Sock;
  asio::steady_timer Timer; // the whole greeting must be done in 5 s
  std::optional<hs::AcceptorHandshake> H;
  // ASPEN_NET_TLS: the TLS handshake that follows, within the same 5 s.
  SslPtr Tls;
  hs::TlsKey Key{};
};

/// A connection this node dialled, while it greets.
struct Transport::Impl::Dialling {
  Dialling(const hs::Identity &Me, uint32_t Acceptor, const hs::Nonce &Nd)
      : H(Me, Acceptor, Nd) {}
  hs::DiallerHandshake H;
  std::array<unsigned char, hs::AcceptSize> Answer{};
};

//===----------------------------------------------------------------------===//
// Connecting
//===----------------------------------------------------------------------===//

hs::Identity Transport::Impl::identity() const {
  hs::Identity Me;
  Me.Secret = C.Secret;
  Me.Self = C.Self;
  Me.Nodes = uint32_t(C.Nodes.size());
  Me.ProgramHash = C.ProgramHash;
  Me.Tls = C.Tls;
  return Me;
}

void Transport::Impl::tune(tcp::socket &S) {
  error_code Ec;
  // Not inherited by the processes the program starts (system(), popen):
  // one left running would keep the connection open after this node died,
  // hiding its death from the others.
  ::fcntl(S.native_handle(), F_SETFD, FD_CLOEXEC);
  S.set_option(tcp::no_delay(true), Ec);
  S.set_option(asio::socket_base::keep_alive(true), Ec);
  // A silent peer (a cut cable, a dead machine) is noticed in seconds.
  int Idle = 2, Intvl = 1, Cnt = 2;
  ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPIDLE, &Idle,
               sizeof Idle);
  ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPINTVL, &Intvl,
               sizeof Intvl);
  ::setsockopt(S.native_handle(), IPPROTO_TCP, TCP_KEEPCNT, &Cnt, sizeof Cnt);
}

tcp::endpoint Transport::Impl::endpointOf(uint32_t N, error_code &Ec) {
  tcp::resolver Res(Io);
  auto R = Res.resolve(C.Nodes[N].Host, std::to_string(C.Nodes[N].Port), Ec);
  if (Ec || R.empty())
    return {};
  return *R.begin();
}

bool Transport::Impl::listen() {
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
  // Nor the listening socket: a process the program started would hold
  // the port after the job, and the next job could not listen on it.
  if (!Ec)
    ::fcntl(Acceptor.native_handle(), F_SETFD, FD_CLOEXEC);
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

void Transport::Impl::accept() {
  auto G = std::make_shared<Greeting>(Io);
  Acceptor.async_accept(G->Sock, [this, G](error_code Ec) {
    if (Ec == asio::error::operation_aborted || !Acceptor.is_open())
      return;
    if (!Ec) {
      greet(G);
    } else if (Ec == asio::error::no_descriptors ||
               Ec == asio::error::no_buffer_space ||
               Ec == asio::error::no_memory) {
      // Out of descriptors (a flood of connections, a low ulimit): the
      // pending connection stays in the backlog, so accepting again at
      // once fails again at once, a busy loop. Wait for descriptors to be
      // freed (strangers are dropped after 5 s) and try again.
      after(std::chrono::milliseconds(50), [this] {
        if (Acceptor.is_open())
          accept();
        return false;
      });
      return;
    }
    accept();
  });
}

void Transport::Impl::dropStranger(tcp::socket &S, const std::string &Why) {
  error_code Ec;
  auto R = S.remote_endpoint(Ec);
  // A node of another job retries with back-off for as long as its connect
  // timeout: one line per address and reason, not one per retry.
  std::string Key =
      (Ec ? std::string("?") : R.address().to_string()) + "|" + Why;
  auto Now = std::chrono::steady_clock::now();
  if (Now - DropWindow >= std::chrono::minutes(1)) {
    summariseDropped();
    DropWindow = Now;
    DropLines = 0;
  }
  if (Dropped.size() >= DropKeys)
    Dropped.clear();
  if (Dropped.insert(Key).second) {
    if (DropLines < DropLinesPerMinute) {
      ++DropLines;
      std::fprintf(
          stderr,
          "aspen: warning: node '%s': dropped a connection from %s: "
          "%s\n",
          Self.c_str(),
          Ec ? "an unknown address"
             : (R.address().to_string() + ":" + std::to_string(R.port()))
                   .c_str(),
          Why.c_str());
    } else {
      ++DropSuppressed;
    }
  }
  S.close(Ec);
}

void Transport::Impl::summariseDropped() {
  if (DropSuppressed)
    std::fprintf(stderr,
                 "aspen: warning: node '%s': dropped %llu more connections "
                 "from strangers without a warning each (at most %u a "
                 "minute)\n",
                 Self.c_str(), (unsigned long long)DropSuppressed,
                 DropLinesPerMinute);
  DropSuppressed = 0;
}

void Transport::Impl::greet(std::shared_ptr<Greeting> G) {
  ::fcntl(G->Sock.native_handle(), F_SETFD, FD_CLOEXEC); // as tune() says
  hs::Nonce Na;
  if (!hs::randomNonce(Na)) {
    dropStranger(G->Sock, "no random bytes for a nonce");
    return;
  }
  G->H.emplace(identity(), Na);
  G->Timer.expires_after(std::chrono::seconds(5));
  G->Timer.async_wait([G](error_code Ec) {
    if (!Ec)
      G->Sock.close(Ec); // no greeting in time
  });
  readGreeting(G);
}

// Reads exactly what the handshake wants next (8 bytes of magic, the rest
// of step 1, then step 3), into the handshake's own buffer.
void Transport::Impl::readGreeting(std::shared_ptr<Greeting> G) {
  hs::AcceptorHandshake &H = *G->H;
  auto Before = H.state();
  asio::async_read(
      G->Sock, asio::buffer(H.space(), H.want()),
      [this, G, Before](error_code Ec, size_t N) {
        hs::AcceptorHandshake &H = *G->H;
        if (Ec) {
          G->Timer.cancel();
          dropStranger(G->Sock, Ec == asio::error::operation_aborted
                                    ? "no greeting within 5 s"
                                    : "closed before greeting");
          return;
        }
        H.received(N);
        switch (H.state()) {
        case hs::AcceptorHandshake::State::Refused:
          G->Timer.cancel();
          dropStranger(G->Sock, H.why());
          return;
        case hs::AcceptorHandshake::State::Accepted:
          break;
        default:
          if (Before == hs::AcceptorHandshake::State::WantDial)
            // Step 2 (the reply lives as long as G); step 3 is read
            // meanwhile.
            asio::async_write(G->Sock, asio::buffer(H.reply()),
                              [G](error_code, size_t) {});
          readGreeting(G);
          return;
        }
        uint32_t Node = H.peer();
        if (H.peerTls() != C.Tls && !Finishing && !Failed) {
          // It proved the secret (its MAC covers its setting): the job's
          // set-up is wrong, not a stranger.
          G->Timer.cancel();
          fail(2, tlsMismatch(Node, H.peerTls()));
          error_code E2;
          G->Sock.close(E2);
          return;
        }
        if (!C.Tls)
          return greeted(G);
        G->Key = H.tlsKey();
        G->Tls = tlsNew(G->Sock, G->Key, /*Server=*/true);
        if (!G->Tls) {
          G->Timer.cancel();
          dropStranger(G->Sock, "no memory for TLS");
          return;
        }
        tlsHandshake(G->Sock, G->Tls.get(), [this, G](const std::string &E) {
          if (!E.empty()) {
            G->Timer.cancel();
            dropStranger(G->Sock, "TLS handshake failed: " + E);
            return;
          }
          greeted(G);
        });
      });
}

void Transport::Impl::greeted(std::shared_ptr<Greeting> G) {
  G->Timer.cancel();
  uint32_t Node = G->H->peer();
  if (Node < C.Self || Peers[Node]->Up || Finishing || Failed) {
    dropStranger(G->Sock, "node " + nodeName(Node) + " is already connected");
    return;
  }
  Peer &P = *Peers[Node];
  P.Sock = std::move(G->Sock);
  P.Tls = std::move(G->Tls);
  tune(P.Sock);
  up(P);
}

void Transport::Impl::dial(Peer &P, std::chrono::milliseconds Backoff) {
  error_code Ec;
  tcp::endpoint E = endpointOf(P.Index, Ec);
  if (Ec) {
    P.Error = "cannot resolve '" + C.Nodes[P.Index].Host + "': " + Ec.message();
    return retry(P, Backoff);
  }
  P.Tls.reset();
  P.Sock = tcp::socket(Io);
  P.Sock.async_connect(E, [this, &P, Backoff](error_code Ec) {
    if (Finishing || Failed)
      return;
    if (Ec) {
      P.Error = Ec.message();
      return retry(P, Backoff);
    }
    tune(P.Sock);
    hs::Nonce Nd;
    if (!hs::randomNonce(Nd)) {
      P.Error = "no random bytes for a nonce";
      return retry(P, Backoff);
    }
    auto D = std::make_shared<Dialling>(identity(), P.Index, Nd);
    // Step 1: nothing in it depends on the secret.
    asio::async_write(P.Sock, asio::buffer(D->H.hello()),
                      [D](error_code, size_t) {});
    asio::async_read(
        P.Sock, asio::buffer(D->Answer),
        [this, &P, D, Backoff](error_code Ec, size_t) {
          if (Finishing || Failed)
            return;
          if (Ec) {
            // The node at that address closed the connection unanswered:
            // it does so for another program or a bad node index, and
            // says which in its own output.
            P.Error = "no greeting back (" + Ec.message() +
                      "): it dropped the connection, as a node does for "
                      "another program or a bad node index";
            return retry(P, Backoff);
          }
          switch (D->H.check(D->Answer.data())) {
          case hs::DiallerHandshake::Verdict::NotAspen:
            P.Error = "not an aspen node (bad greeting)";
            return retry(P, Backoff);
          case hs::DiallerHandshake::Verdict::AnotherNode:
            P.Error = "answered as node " + std::to_string(D->H.answeredAs()) +
                      ", not as " + nodeName(P.Index);
            return retry(P, Backoff);
          case hs::DiallerHandshake::Verdict::FailedAuth:
            // Whoever answers there does not hold the job's secret: it is
            // told nothing that depends on it (no step 3), and said once.
            if (!P.AuthFailed)
              std::fprintf(stderr,
                           "aspen: warning: node '%s': peer at %s:%u failed "
                           "authentication (it does not hold this job's "
                           "secret); it was sent nothing derived from the "
                           "secret\n",
                           Self.c_str(), C.Nodes[P.Index].Host.c_str(),
                           unsigned(C.Nodes[P.Index].Port));
            P.AuthFailed = true;
            P.Error = "it failed authentication (it does not hold this "
                      "job's secret)";
            return retry(P, Backoff);
          case hs::DiallerHandshake::Verdict::TlsMismatch:
            // Step 3 tells the acceptor the same, with authority; then
            // the job fails on both nodes.
            asio::async_write(P.Sock, asio::buffer(D->H.proof()),
                              [this, &P, D](error_code, size_t) {
                                fail(2, tlsMismatch(P.Index, !C.Tls));
                              });
            return;
          case hs::DiallerHandshake::Verdict::Ok:
            break;
          }
          // Step 3, then the connection is the job's.
          asio::async_write(P.Sock, asio::buffer(D->H.proof()),
                            [this, &P, D, Backoff](error_code Ec, size_t) {
                              if (Finishing || Failed)
                                return;
                              if (Ec)
                                return lost(P, Ec.message());
                              if (!C.Tls)
                                return up(P);
                              P.Key = D->H.tlsKey();
                              P.Tls = tlsNew(P.Sock, P.Key, /*Server=*/false);
                              if (!P.Tls) {
                                P.Error = "no memory for TLS";
                                return retry(P, Backoff);
                              }
                              tlsHandshake(
                                  P.Sock, P.Tls.get(),
                                  [this, &P, Backoff](const std::string &E) {
                                    P.Key.fill(0);
                                    if (Finishing || Failed)
                                      return;
                                    if (!E.empty()) {
                                      P.Error = "TLS handshake failed: " + E;
                                      return retry(P, Backoff);
                                    }
                                    up(P);
                                  });
                            });
        });
  });
}

void Transport::Impl::retry(Peer &P, std::chrono::milliseconds Backoff) {
  error_code Ec;
  P.Sock.close(Ec);
  P.Timer.expires_after(Backoff);
  P.Timer.async_wait([this, &P, Backoff](error_code Ec) {
    if (!Ec)
      dial(P, std::min(Backoff * 2, std::chrono::milliseconds(500)));
  });
}

void Transport::Impl::up(Peer &P) {
  P.Up = true;
  P.Sink = std::make_unique<PeerSink>(*this, P);
  P.Decoder = std::make_unique<FrameDecoder>(C.MaxFrame, *P.Sink);
  ++UpCount;
  if (Started)
    read(P);
  else
    watchBeforeStart(P);
}

// Connections are read once the job starts (every node connected), so the
// frames a peer sends meet a running scheduler. A peer that dies before
// that would go unnoticed until the connect timeout, and then the nodes
// still missing would be blamed: watch for its connection closing. Data
// that comes meanwhile is left where it is, for read().
void Transport::Impl::watchBeforeStart(Peer &P) {
  P.Sock.async_wait(tcp::socket::wait_read, [this, &P](error_code Ec) {
    if (Ec || Started || P.Closed || Failed)
      return;
    char Byte;
    ssize_t N;
    do
      N = ::recv(P.Sock.native_handle(), &Byte, 1, MSG_PEEK | MSG_DONTWAIT);
    while (N < 0 && errno == EINTR);
    if (N == 0)
      lost(P, "it closed the connection before the job started (did the "
              "node die?)");
    else if (N < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
      lost(P, std::strerror(errno));
    else if (N < 0)
      watchBeforeStart(P); // woken for nothing: keep watching
  });
}

bool Transport::Impl::connectAll() {
  Peers.resize(C.Nodes.size());
  for (uint32_t N = 0; N < C.Nodes.size(); ++N)
    if (N != C.Self) {
      Peers[N] = std::make_unique<Peer>(Io);
      Peers[N]->Index = N;
    }
  DoneFrom.assign(C.Nodes.size(), false);
  if ((C.Tls && !tlsInit()) || !listen()) {
    // As when the launcher cannot bind a node's socket: the set-up is
    // wrong (a port taken, an address not this machine's), not a peer.
    Failed = true;
    FailStatus = 2;
    return false;
  }
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

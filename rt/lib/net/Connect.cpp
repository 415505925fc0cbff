//===- Connect.cpp - The transport: connecting the nodes ------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's connections: the hello and its check, listening and
// accepting (and dropping strangers), dialling the nodes below this one
// with retries, and waiting until every node is connected. See Transport.h for
// the design.
//
//===----------------------------------------------------------------------===//

#include "net/TransportImpl.h"
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstring>
#include <netinet/tcp.h>
#include <sys/socket.h>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;
using namespace aspen::rt::transport::detail;

namespace {

constexpr char Magic[8] = {'A', 'S', 'P', 'E', 'N', 'v', '1', 0};
constexpr size_t HelloSize = 8 + 16 + 4 + 8; // magic, secret, node, hash

} // namespace

//===----------------------------------------------------------------------===//
// Connecting
//===----------------------------------------------------------------------===//

std::string Transport::Impl::hello() const {
  std::string H(Magic, 8);
  H += C.Secret;
  H.append(reinterpret_cast<const char *>(&C.Self), 4);
  H.append(reinterpret_cast<const char *>(&C.ProgramHash), 8);
  return H;
}

bool Transport::Impl::checkHello(const char *H, uint32_t &Node,
                                 std::string &Why) const {
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

void Transport::Impl::tune(tcp::socket &S) {
  error_code Ec;
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
  auto S = std::make_shared<tcp::socket>(Io);
  Acceptor.async_accept(*S, [this, S](error_code Ec) {
    if (Ec == asio::error::operation_aborted || !Acceptor.is_open())
      return;
    if (!Ec) {
      greet(S);
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
      std::fprintf(stderr,
                   "aspen: warning: node '%s': dropped a connection from %s: "
                   "%s\n",
                   Self.c_str(),
                   Ec ? "an unknown address"
                      : (R.address().to_string() + ":" +
                         std::to_string(R.port()))
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

void Transport::Impl::greet(std::shared_ptr<tcp::socket> S) {
  auto Buf = std::make_shared<std::array<char, HelloSize>>();
  auto T = std::make_shared<asio::steady_timer>(Io);
  T->expires_after(std::chrono::seconds(5));
  T->async_wait([S](error_code Ec) {
    if (!Ec)
      S->close(Ec); // no hello in time
  });
  asio::async_read(
      *S, asio::buffer(*Buf), [this, S, Buf, T](error_code Ec, size_t) {
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

void Transport::Impl::dial(Peer &P, std::chrono::milliseconds Backoff) {
  error_code Ec;
  tcp::endpoint E = endpointOf(P.Index, Ec);
  if (Ec) {
    P.Error = "cannot resolve '" + C.Nodes[P.Index].Host + "': " + Ec.message();
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
    asio::async_write(P.Sock, asio::buffer(*H), [H](error_code, size_t) {});
    asio::async_read(
        P.Sock, asio::buffer(*Reply),
        [this, &P, Reply, Backoff](error_code Ec, size_t) {
          if (Ec) {
            // The node at that address closed the connection unanswered:
            // it does so for a wrong job secret, another program or a bad
            // node index, and says which in its own output.
            P.Error = "no greeting back (" + Ec.message() +
                      "): it dropped the connection, as a node does for a "
                      "wrong job secret or another program";
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
  if (!listen()) {
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

//===- Stream.cpp - The transport: frames in and out ----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's hot path: writing frames (encoding payloads, draining
// outbound queues within their windows), reading and decoding them, and
// delivering what arrives into local queues, with credit going back. See
// Transport.h for the design.
//
//===----------------------------------------------------------------------===//

#include "collective/Collectives.h"
#include "net/TransportImpl.h"
#include "net/WireRegistry.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <exception>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <typeinfo>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;
using namespace aspen::rt::transport::detail;

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

void Transport::Impl::write(Peer &P) {
  if (P.ShutDown) { // nothing may follow the bye
    for (Segment &S : P.Segs)
      delete S.Own;
    P.Segs.clear();
    P.Buf.clear();
    return;
  }
  if (P.Writing || !P.Up || P.Closed || (P.Buf.empty() && P.Segs.empty()))
    return;
  P.LastSent = std::chrono::steady_clock::now();
  // Whatever accumulated since the last write goes out as one batch.
  std::swap(P.Buf, P.FlightBuf);
  std::swap(P.Segs, P.FlightSegs);
  P.Buf.clear();
  P.Segs.clear();
  std::vector<iovec> &Iov = P.Iov;
  Iov.clear();
  P.IovAt = 0;
  auto Add = [&](const void *D, size_t Len) {
    Iov.push_back({const_cast<void *>(D), Len});
  };
  size_t At = 0;
  for (Segment &S : P.FlightSegs) {
    if (S.Off > At)
      Add(P.FlightBuf.data() + At, S.Off - At);
    Add(S.Own->elementData(), S.Len);
    At = S.Off;
  }
  if (P.FlightBuf.size() > At)
    Add(P.FlightBuf.data() + At, P.FlightBuf.size() - At);
  P.Writing = true;
  if (trace::Enabled) {
    size_t Bytes = 0;
    for (const iovec &B : Iov)
      Bytes += B.iov_len;
    trace::record(trace::FrameOut, &C.Nodes[P.Index].Name, nullptr,
                  trace::now(), 0, Bytes);
  }
  sendFlight(P);
}

void Transport::Impl::sendFlight(Peer &P) {
  if (P.Tls)
    return tlsSendFlight(P);
  for (;;) {
    // At most WriteChunk bytes of the iovecs left, in place.
    size_t End = P.IovAt, Bytes = 0;
    while (End < P.Iov.size() && Bytes < WriteChunk)
      Bytes += P.Iov[End++].iov_len;
    size_t Cut = 0; // bytes of the last iovec left out of this call
    if (Bytes > WriteChunk) {
      Cut = Bytes - WriteChunk;
      P.Iov[End - 1].iov_len -= Cut;
    }
    msghdr M{};
    M.msg_iov = P.Iov.data() + P.IovAt;
    M.msg_iovlen = std::min<size_t>(End - P.IovAt, IOV_MAX);
    const int Fd = P.Sock.native_handle(), Flags = MSG_DONTWAIT | MSG_NOSIGNAL;
    ssize_t N;
    do
      // One buffer (a batch of small frames): send, which skips copying in
      // and checking an iovec array (0.3 to 0.5 us of a 10 us round trip).
      N = M.msg_iovlen == 1
              ? ::send(Fd, M.msg_iov->iov_base, M.msg_iov->iov_len, Flags)
              : ::sendmsg(Fd, &M, Flags);
    while (N < 0 && errno == EINTR);
    P.Iov[End - 1].iov_len += Cut;
    if (N < 0) {
      if (errno != EAGAIN && errno != EWOULDBLOCK)
        return flightDone(
            P, error_code(errno, boost::system::system_category()).message());
      // Full: go on once there is room.
      P.Sock.async_wait(tcp::socket::wait_write, [this, &P](error_code Ec) {
        if (Ec)
          return flightDone(P, Ec.message());
        sendFlight(P);
      });
      return;
    }
    // Step over what went out.
    size_t Left = size_t(N);
    while (Left && P.IovAt < P.Iov.size()) {
      iovec &V = P.Iov[P.IovAt];
      if (Left < V.iov_len) {
        V.iov_base = static_cast<char *>(V.iov_base) + Left;
        V.iov_len -= Left;
        Left = 0;
      } else {
        Left -= V.iov_len;
        ++P.IovAt;
      }
    }
    while (P.IovAt < P.Iov.size() && P.Iov[P.IovAt].iov_len == 0)
      ++P.IovAt;
    if (P.IovAt == P.Iov.size())
      return flightDone(P, "");
  }
}

void Transport::Impl::flightDone(Peer &P, const std::string &Error) {
  P.Writing = false;
  for (Segment &S : P.FlightSegs)
    delete S.Own;
  P.FlightSegs.clear();
  P.FlightBuf.clear();
  P.Iov.clear();
  P.IovAt = 0;
  if (!Error.empty())
    return lost(P, Error);
  wrote(P);
}

void Transport::Impl::wrote(Peer &P) {
  if (P.SaidBye && P.Buf.empty() && P.Segs.empty()) {
    P.ShutDown = true;
    error_code E2;
    P.Sock.shutdown(tcp::socket::shutdown_send, E2);
    return maybeClose(P);
  }
  write(P);
}

size_t Transport::Impl::encode(Peer &To, uint32_t Id, Payload *P) {
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
                ": it has no wire format (see docs/runtime.md, 'Payloads "
                "between nodes')");
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

size_t Transport::Impl::tooBig(uint32_t Id, size_t Len, Payload *P) {
  delete P;
  fail(4, "a message of " + std::to_string(Len) + " bytes on edge " +
              OutById[Id]->End.What + " exceeds the frame limit of " +
              std::to_string(C.MaxFrame) + " bytes (ASPEN_MAX_FRAME)");
  return 0;
}

void Transport::Impl::drain(OutChan &O) {
  if (Failed || Finishing)
    return;
  Peer &To = *Peers[O.End.Peer];
  InputPort &Q = O.Port;
  bool Popped = false;
  // Within the window; and two messages may always be in flight, so that
  // messages larger than the window still overlap (one is written while
  // the other is read) instead of each waiting for the last one's credit.
  while (!O.EosSent && O.Credits > 0 &&
         (O.BytesInFlight < C.WindowBytes || O.InFlight < 2)) {
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
        consumerBarrier(Q);
        bool Got = Q.tryPop(P);
        if (!Got && Q.OpenProducers.load(std::memory_order_acquire) != 0)
          break; // a sender's push (or its end) will kick us
        Q.Consumer.exchange(nullptr); // a kick may still come: harmless
        // What was popped may be an empty element that was sent (P null):
        // it crosses like any other.
        if (!Got)
          continue; // the senders have ended: the end of the stream next
      }
    }
    Popped = true;
    size_t Len = encode(To, O.End.Id, P);
    ++DataSent;
    if (Failed)
      return;
    --O.Credits;
    ++O.InFlight;
    O.BytesInFlight += Len;
  }
  if (Popped)
    wakeProducers(Q);
  write(To);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//
//
// read itself is defined in TransportImpl.h.

bool Transport::Impl::PeerSink::knownChannel(uint32_t Chan) {
  InChan *IC = Chan < T.InById.size() ? T.InById[Chan] : nullptr;
  return IC && IC->End.Peer == P.Index;
}

void Transport::Impl::PeerSink::control(const Header &H, const char *Body) {
  T.control(P, H, Body);
}

void Transport::Impl::PeerSink::data(uint32_t Chan, Payload *Pl, size_t Len) {
  ++T.DataReceived;
  T.deliver(*T.InById[Chan], Pl, Len);
}

void Transport::Impl::PeerSink::protocolError(const std::string &Why) {
  T.protocolError(P, Why);
}

void Transport::Impl::rearm(Peer &P) {
  if (!Deferring)
    return read(P);
  if (!P.RearmQueued) {
    P.RearmQueued = true;
    Rearms.push_back(&P);
  }
}

size_t Transport::Impl::readDirect() {
  size_t Got = 0;
  for (size_t I = 0; I < Rearms.size();) {
    Peer &P = *Rearms[I];
    ssize_t N = -1;
    if (!P.Closed && !P.Decoder->dead()) {
      if (P.Tls)
        N = tlsRecv(P, P.Decoder->readTarget(), P.Decoder->readRoom());
      else
        do
          N = ::recv(P.Sock.native_handle(), P.Decoder->readTarget(),
                     P.Decoder->readRoom(), MSG_DONTWAIT);
        while (N < 0 && errno == EINTR);
      if (N < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) &&
          ++P.QuietPolls < DirectPolls) {
        ++I;
        continue;
      }
    }
    if (N <= 0) {
      // Quiet for long, closed, at its end or failed: the asynchronous
      // read waits for it, or reports what happened the usual way.
      Rearms[I] = Rearms.back();
      Rearms.pop_back();
      P.RearmQueued = false;
      P.QuietPolls = 0;
      read(P);
      continue;
    }
    ++Got;
    P.QuietPolls = 0;
    // The decoder may deliver, fail the job or close this connection; the
    // connection stays in Rearms (rearm does nothing for it meanwhile) and
    // is looked at again on the next poll.
    received(P, size_t(N));
    ++I;
  }
  return Got;
}

void Transport::Impl::flushRearms() {
  std::vector<Peer *> Now;
  Now.swap(Rearms);
  for (Peer *P : Now) {
    P->RearmQueued = false;
    P->QuietPolls = 0;
    read(*P);
  }
}

void Transport::Impl::readError(Peer &P, error_code Ec) {
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

void Transport::Impl::protocolError(Peer &P, const std::string &Why) {
  if (P.Decoder)
    P.Decoder->stop();
  if (P.Closed)
    return;
  error_code Ec;
  P.Closed = true;
  P.Sock.close(Ec);
  fail(5, "protocol error from node " + nodeName(P.Index) + ": " + Why);
}

void Transport::Impl::control(Peer &P, const Header &H, const char *Body) {
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
      // A window raised (sizeWindows) comes as credit for messages never
      // sent: InFlight stops at 0.
      const uint32_t M = getPod<uint32_t>(Body + K + 4);
      O->Credits += M;
      O->InFlight -= std::min(M, O->InFlight);
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
    return protocolError(P, "unknown control frame " + std::to_string(H.Type));
  }
}

//===----------------------------------------------------------------------===//
// Delivery into local queues
//===----------------------------------------------------------------------===//

void Transport::Impl::deliver(InChan &IC, Payload *P, size_t Len) {
  if (Finishing) { // every instance is done; nobody will read it
    delete P;
    return;
  }
  if (IC.Pending.empty() && push(IC, P)) {
    wakeConsumer(*IC.End.Port);
    grant(IC, Len);
    return;
  }
  IC.Pending.emplace_back(P, Len);
  retry(IC);
}

bool Transport::Impl::push(InChan &IC, Payload *P) {
  InputPort &Q = *IC.End.Port;
  if (!trace::Enabled || !IC.End.FlowIn) [[likely]]
    return Q.tryPush(P, IC.End.Slot);
  uint64_t T0 = trace::now();
  size_t At;
  if (!Q.tryPushAt(P, At, IC.End.Slot))
    return false;
  // Two slices, one after the other, so each arrow binds to its own: the
  // sender's ends in the first, the consumer's leaves the second (before
  // the push, as a send's does).
  uint64_t T1 = std::max(trace::now(), T0 + 4);
  trace::record(trace::Dequeue, &IC.End.What, nullptr, T0, T0 + 2, 0,
                trace::flowId(IC.End.FlowIn, IC.Delivered++), T0 + 1);
  trace::record(trace::Send, &IC.End.What, nullptr, T0 + 2, T1, 0,
                trace::flowId(Q.FlowKey, At), T0 + 3);
  return true;
}

void Transport::Impl::retry(InChan &IC) {
  InputPort &Q = *IC.End.Port;
  while (!IC.Pending.empty()) {
    auto [P, Len] = IC.Pending.front();
    if (!push(IC, P)) {
      std::atomic<Fiber *> &Slot = Q.ProducerSlots[IC.End.Slot];
      if (Slot.load(std::memory_order_acquire) == &IC.Waiter)
        return; // still registered (a sweep): the consumer will kick us
      Slot.store(&IC.Waiter, std::memory_order_relaxed);
      Q.ProducersWaiting.fetch_add(1, std::memory_order_seq_cst);
      producerBarrier(Q); // wakeProducers' side may be free
      if (!push(IC, P))
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
    closeProducer(Q, IC.End.Slot);
  }
}

void Transport::Impl::grant(InChan &IC, size_t Len) {
  ++IC.GrantMessages;
  IC.GrantBytes += Len;
  if (!IC.GrantQueued && (IC.GrantMessages * 2 >= IC.Window ||
                          IC.GrantBytes * 2 >= C.WindowBytes)) {
    IC.GrantQueued = true;
    GrantList.push_back(&IC);
  }
}

/// Messages one channel can move per microsecond at most (small ones, on
/// this transport: about 2 million a second between two cores), so a
/// window of that many per microsecond of round trip keeps a long link
/// full; a shorter one is the floor's (Config::WindowMessages). A 1 ms
/// link with 64 messages in flight carried 1 KiB messages at 16 MiB/s
/// where its 1 Gbit/s allows 117 (docs/benchmarks.md).
static constexpr uint32_t MessagesPerUs = 2;

void Transport::Impl::putCredit(Peer &P, uint32_t Chan, uint32_t Messages,
                                uint64_t Bytes) {
  putHeader(P.Buf, 16, ControlChannel, Credit);
  putPod<uint32_t>(P.Buf, Chan);
  putPod<uint32_t>(P.Buf, Messages);
  putPod<uint64_t>(P.Buf, Bytes);
}

uint32_t Transport::Impl::sizeWindows() {
  uint32_t MaxRtt = 0;
  for (auto &PP : Peers) {
    if (!PP || !PP->Up)
      continue;
    Peer &P = *PP;
    // The kernel's smoothed round trip, from the connection's handshake
    // and the greeting's segments: this node's own view, so the two ends
    // of a connection may choose different windows for their channels.
    tcp_info Info{};
    socklen_t Len = sizeof Info;
    if (::getsockopt(P.Sock.native_handle(), IPPROTO_TCP, TCP_INFO, &Info,
                     &Len) == 0)
      P.RttUs = Info.tcpi_rtt;
    MaxRtt = std::max(MaxRtt, P.RttUs);
    // What waits in this node for a full destination is at most a window
    // per channel: the channels from one peer share MaxPeerWindowMessages
    // (each keeps the floor), so a peer with many channels over a long
    // link cannot park millions of messages here.
    uint32_t Channels = 0;
    for (auto &IC : Ins)
      Channels += IC->End.Peer == P.Index;
    const uint64_t Want = uint64_t(P.RttUs) * MessagesPerUs,
                   Most = std::min<uint64_t>(C.MaxWindowMessages,
                                             C.MaxPeerWindowMessages /
                                                 std::max(Channels, 1u));
    P.Window = C.WindowByRtt ? uint32_t(std::max<uint64_t>(
                                   C.WindowMessages, std::min(Want, Most)))
                             : C.WindowMessages;
    bool Raised = false;
    for (auto &IC : Ins) {
      if (IC->End.Peer != P.Index || P.Window <= IC->Window)
        continue;
      putCredit(P, IC->End.Id, P.Window - IC->Window, 0);
      IC->Window = P.Window;
      Raised = true;
    }
    if (Raised)
      write(P);
  }
  return MaxRtt;
}

std::string Transport::statsText() const {
  std::string Out;
  for (auto &PP : I->Peers) {
    if (!PP || !PP->Window)
      continue;
    char Line[160];
    std::snprintf(Line, sizeof Line,
                  "  link to node %u: round trip %.3f ms when the job "
                  "started, window %u messages per channel\n",
                  PP->Index, PP->RttUs / 1e3, PP->Window);
    Out += Line;
  }
  if (I->Sched && !Out.empty()) {
    char Line[96];
    std::snprintf(Line, sizeof Line,
                  "  idle workers poll the network %.1f ms before they sleep\n",
                  I->Sched->netSpinUs() / 1e3);
    Out += Line;
  }
  return Out;
}

void Transport::Impl::flushGrants() {
  for (InChan *IC : GrantList) {
    Peer &P = *Peers[IC->End.Peer];
    putCredit(P, IC->End.Id, IC->GrantMessages, IC->GrantBytes);
    IC->GrantMessages = 0;
    IC->GrantBytes = 0;
    IC->GrantQueued = false;
    write(P);
  }
  GrantList.clear();
}

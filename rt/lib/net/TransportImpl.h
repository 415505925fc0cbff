//===- TransportImpl.h - The TCP transport's state, for its parts -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's state, private to its parts: Transport.cpp (construction,
// failure, kicks from workers, who drives the sockets, the Transport entry
// points), Connect.cpp (connecting), Stream.cpp (writing, reading,
// delivery into local queues) and Control.cpp (termination, deadlock
// across nodes, heartbeats). See Transport.h for the design. Everything runs on
// the transport thread except the wake hook (any worker) and the entry
// points Transport exposes.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_NET_TRANSPORTIMPL_H
#define ASPEN_RT_NET_TRANSPORTIMPL_H

#include "net/Framing.h"
#include "net/Handshake.h"
#include "net/Transport.h"
#include "trace/Trace.h"
#include <atomic>
#include <boost/asio.hpp>
#include <boost/asio/ssl/context.hpp>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <sys/uio.h>
#include <thread>
#include <utility>
#include <vector>

namespace aspen::rt::transport {

// The Boost.Asio names the transport's files use.
namespace asio = boost::asio;
using asio::ip::tcp;
using boost::system::error_code;

/// The control frames (on ControlChannel), and building and parsing frames.
namespace detail {

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

inline void putHeader(std::vector<char> &B, uint32_t Len, uint32_t Chan,
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

} // namespace detail

/// Frees a connection's TLS state (ASPEN_NET_TLS).
struct SslFree {
  void operator()(SSL *S) const { SSL_free(S); }
};
using SslPtr = std::unique_ptr<SSL, SslFree>;

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
    unsigned QuietPolls = 0; // direct reads that found nothing, in a row
    // For the heartbeat: when we last wrote to it and last heard from it.
    std::chrono::steady_clock::time_point LastSent, LastHeard;
    // Writes: Buf/Segs collect while Flight* are on the wire.
    std::vector<char> Buf, FlightBuf;
    std::vector<Segment> Segs, FlightSegs;
    std::vector<iovec> Iov; // what is left of the batch in flight
    size_t IovAt = 0;
    bool Writing = false;
    // Reads.
    std::unique_ptr<FrameSink> Sink;
    std::unique_ptr<FrameDecoder> Decoder;
    std::string Error;       // last connect error, for messages
    bool AuthFailed = false; // what answered at its address was warned about
    // The round trip the kernel measured when the job started (us), and
    // the window the channels from this peer were given for it.
    uint32_t RttUs = 0, Window = 0;
    // TLS (ASPEN_NET_TLS): the connection's state on its socket, and its
    // key while it greets.
    SslPtr Tls;
    handshake::TlsKey Key{};
    int TlsWant = 0;      // SSL_ERROR_WANT_READ/WRITE of the last read
    bool TlsEof = false;  // a read found the end
    std::string TlsError; // a read failed: why
  };
  struct OutChan {
    ChannelEnd End;
    InputPort Port;
    Fiber Waiter; // parks in Port.Consumer
    uint32_t Credits = 0;
    uint32_t InFlight = 0; // messages sent and not yet credited back
    size_t BytesInFlight = 0;
    bool EosSent = false;
  };
  struct InChan {
    ChannelEnd End;
    Fiber Waiter; // parks in the destination's producer slot
    std::deque<std::pair<Payload *, size_t>> Pending;
    bool EosPending = false, Closed = false;
    uint64_t Delivered = 0; // ASPEN_TRACE: messages passed on, for arrows
    uint32_t GrantMessages = 0;
    uint64_t GrantBytes = 0;
    bool GrantQueued = false;
    uint32_t Window = 0; // messages the sender may have in flight
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

  Impl(Config Cfg);

  std::string nodeName(uint32_t N) const { return "'" + C.Nodes[N].Name + "'"; }

  //===--------------------------------------------------------------------===//
  // Failure (Transport.cpp)
  //===--------------------------------------------------------------------===//

  /// Ends the job on this node (once) and tells the other nodes.
  /// Culprit: the node that failed first, as far as this node knows
  /// (itself, or a peer whose connection broke); Lost: it was lost rather
  /// than reporting its own failure.
  /// Reported: the culprit's own status, passed on unchanged by the nodes
  /// that only stop because of it.
  void fail(int Status, const std::string &Msg, uint32_t Culprit = UINT32_MAX,
            bool Lost = false, int Reported = -1);

  /// This node's part of ending a failed job: stop the instances, give
  /// what was just written (aborts) a moment to leave, drop every
  /// connection.
  void stopJob(int Status);

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

  void closeAll();

  //===--------------------------------------------------------------------===//
  // TLS (Tls.cpp)
  //===--------------------------------------------------------------------===//
  //
  // With ASPEN_NET_TLS on, a connection is greeted as without it, and then
  // carries a TLS 1.3 session keyed with a pre-shared key that the greeting
  // derived (handshake::tlsKey): the dialler is the client. OpenSSL runs on
  // the socket itself (a BIO of ours: non-blocking send and recv), not
  // through asio::ssl::stream, whose memory BIOs would copy every record
  // once more and whose composed operations would replace the direct
  // writes and reads of the hot path; the context is Asio's.

  std::unique_ptr<asio::ssl::context> TlsCtx;
  /// Makes the context; false (after a message) if OpenSSL cannot.
  bool tlsInit();
  /// The TLS state of a greeted connection; Key must live as long as its
  /// handshake.
  SslPtr tlsNew(tcp::socket &S, const handshake::TlsKey &Key, bool Server);
  /// Runs the TLS handshake on S, then Done("") or Done(why it failed).
  void tlsHandshake(tcp::socket &S, SSL *Ssl,
                    std::function<void(const std::string &)> Done);
  /// What the last call on Ssl that returned R failed with.
  static std::string tlsError(SSL *Ssl, int R);
  /// As recv with MSG_DONTWAIT, through TLS: bytes, 0 at the end, or -1
  /// with errno (EAGAIN: nothing yet; EPROTO: TlsError says what).
  ssize_t tlsRecv(Peer &P, char *To, size_t Room);
  void tlsRead(Peer &P);
  void tlsReadNow(Peer &P);
  /// sendFlight through TLS.
  void tlsSendFlight(Peer &P);
  std::string tlsMismatch(uint32_t Node, bool PeerTls) const;

  void lost(Peer &P, const std::string &Why);

  //===--------------------------------------------------------------------===//
  // Connecting (Connect.cpp)
  //===--------------------------------------------------------------------===//

  /// This node as the handshake (net/Handshake.h) sees it.
  handshake::Identity identity() const;
  struct Greeting; // an accepted connection being greeted
  struct Dialling; // a dialled one

  static void tune(tcp::socket &S);

  tcp::endpoint endpointOf(uint32_t N, error_code &Ec);

  bool listen();

  /// Accepts for the whole job: nodes above us connect to us, and anything
  /// else that connects is checked and dropped.
  void accept();

  void dropStranger(tcp::socket &S, const std::string &Why);

  void greet(std::shared_ptr<Greeting> G);
  void readGreeting(std::shared_ptr<Greeting> G);
  /// An accepted connection greeted (and with TLS on, its TLS handshake
  /// done) becomes its node's.
  void greeted(std::shared_ptr<Greeting> G);

  void dial(Peer &P, std::chrono::milliseconds Backoff);

  void retry(Peer &P, std::chrono::milliseconds Backoff);

  uint32_t UpCount = 0;
  bool Started = false; // reads start with the scheduler
  void up(Peer &P);
  void watchBeforeStart(Peer &P);
  std::set<std::string> Dropped; // strangers warned about, by address+why
  /// Warnings about strangers are bounded: at most DropLinesPerMinute a
  /// minute, however many addresses a flood comes from; the rest are
  /// counted and summed up in one line. (And at most DropKeys addresses
  /// remembered: a flood from many addresses holds no memory of them.)
  static constexpr unsigned DropLinesPerMinute = 10, DropKeys = 4096;
  std::chrono::steady_clock::time_point DropWindow{};
  unsigned DropLines = 0;
  uint64_t DropSuppressed = 0;
  void summariseDropped();

  bool connectAll();

  //===--------------------------------------------------------------------===//
  // Writing (Stream.cpp)
  //===--------------------------------------------------------------------===//

  void write(Peer &P);
  /// Sends what is left of the batch in flight: non-blocking sendmsg calls
  /// of at most WriteChunk bytes until it is out or the socket is full,
  /// then waits for room (no composed asynchronous write: each of its
  /// steps would wait for a turn of the reactor). A batch of small frames
  /// goes out in one call from the thread that made it, with nothing left
  /// to complete later. Calls of at most 1 MiB
  /// let go of the socket now and then, so the kernel handles the peer's
  /// acknowledgements as they come rather than in bulk inside one long
  /// call; 256 KiB calls were slower (bench/dist/bandwidth.asp).
  void sendFlight(Peer &P);
  void flightDone(Peer &P, const std::string &Error);
  static constexpr size_t WriteChunk = size_t(1) << 20;
  /// After a batch has gone out: the next one, or the half-close after the
  /// bye.
  void wrote(Peer &P);

  /// Appends P as a data frame of channel Id; returns its body size.
  size_t encode(Peer &To, uint32_t Id, Payload *P);

  size_t tooBig(uint32_t Id, size_t Len, Payload *P);

  /// Moves what channel O's senders queued onto its connection, as far as
  /// its window allows, then parks on its queue if it ran dry.
  void drain(OutChan &O);

  //===--------------------------------------------------------------------===//
  // Reading (Stream.cpp)
  //===--------------------------------------------------------------------===//

  // Defined here, not in Stream.cpp: every part of the transport starts
  // reads, and on the per-read path it stays inlined into rearm and
  // flushRearms (out of line, its handler is inlined into it instead).
  void read(Peer &P) {
    if (P.Closed || P.Decoder->dead())
      return;
    if (P.Tls)
      return tlsRead(P);
    P.Sock.async_read_some(
        asio::buffer(P.Decoder->readTarget(), P.Decoder->readRoom()),
        [this, &P](error_code Ec, size_t N) {
          if (Ec)
            return readError(P, Ec);
          received(P, N);
          rearm(P);
        });
  }

  /// N bytes were read into the connection's decoder, by either way.
  void received(Peer &P, size_t N) {
    P.LastHeard = std::chrono::steady_clock::now();
    if (trace::Enabled)
      trace::record(trace::FrameIn, &C.Nodes[P.Index].Name, nullptr,
                    trace::now(), 0, N);
    P.Decoder->consumed(N);
    flushGrants();
  }

  /// What a connection's decoder reports goes to the transport.
  struct PeerSink final : FrameSink {
    PeerSink(Impl &T, Peer &P) : T(T), P(P) {}
    bool knownChannel(uint32_t Chan) override;
    void control(const Header &H, const char *Body) override;
    void data(uint32_t Chan, Payload *Pl, size_t Len) override;
    void protocolError(const std::string &Why) override;
    Impl &T;
    Peer &P;
  };

  /// The next read of a connection. A worker polling defers it to its next
  /// poll: the read almost always finds nothing yet (a system call), and
  /// the fiber just woken should run first.
  ///
  /// Until then the connection has no asynchronous read: polling workers
  /// read it themselves (readDirect), so an answer that arrives while they
  /// spin is read by one non-blocking receive instead of an epoll wakeup,
  /// a reactor operation and a completion. A connection that stays quiet
  /// for DirectPolls polls, or any connection when the transport thread is
  /// about to block, goes back to an asynchronous read (flushRearms).
  bool Deferring = false;
  std::vector<Peer *> Rearms;
  static constexpr unsigned DirectPolls = 64;
  void rearm(Peer &P);
  void flushRearms();
  /// From a polling worker: reads the connections waiting in Rearms.
  size_t readDirect();

  void readError(Peer &P, error_code Ec);

  void protocolError(Peer &P, const std::string &Why);

  void control(Peer &P, const Header &H, const char *Body);

  //===--------------------------------------------------------------------===//
  // Delivery into local queues (Stream.cpp)
  //===--------------------------------------------------------------------===//

  void deliver(InChan &IC, Payload *P, size_t Len);

  /// One message into the destination queue. Traced, into a fan-in queue,
  /// where the position is the one the push takes, not the sender's count:
  /// the sender's arrow ends here and one to the consumer leaves.
  bool push(InChan &IC, Payload *P);

  /// Pushes what waits for room; parks in the producer slot when full.
  void retry(InChan &IC);

  /// Credit goes back once half a window (of messages or of bytes) has
  /// entered the destination queue: a sender is never more than a window
  /// ahead, and a stream of small messages costs one credit frame per half
  /// window instead of one per message. The sender can always use what is
  /// not yet returned, so it can never wait for credit that is held back.
  void grant(InChan &IC, size_t Len);

  void flushGrants();
  /// A credit frame for channel Chan into P's buffer.
  void putCredit(Peer &P, uint32_t Chan, uint32_t Messages, uint64_t Bytes);

  /// When the job starts: the window of the channels from each peer, from
  /// the round trip the kernel measured on its connection. A channel
  /// starts with Config::WindowMessages credits on both sides; a larger
  /// window is given to the sender as extra credit, so the two ends never
  /// need to agree on a figure (only the receiver's grants follow it).
  /// Returns the longest of those round trips, in microseconds.
  uint32_t sizeWindows();

  //===--------------------------------------------------------------------===//
  // Kicks from workers (Transport.cpp)
  //===--------------------------------------------------------------------===//

  static void hook(Fiber *F);

  /// Wakes the transport thread out of epoll (once per wait).
  /// Defined here, not in Transport.cpp, so that it stays inlined into hook and
  /// poll (out of line, its posted handler is inlined into it instead).
  void interrupt() {
    if (!KickPosted.exchange(true, std::memory_order_acq_rel))
      asio::post(Io, [this] { KickPosted.store(false); });
  }

  std::atomic<bool> SweepAll{false};
  size_t kicked();

  //===--------------------------------------------------------------------===//
  // Who drives the sockets (Transport.cpp)
  //===--------------------------------------------------------------------===//
  //
  // Whoever holds Held runs the transport's handlers; they never run
  // concurrently. While any worker is awake, idle workers poll (Io.poll,
  // a non-blocking epoll) between looking for fibers, so a message is read,
  // delivered and answered on one thread with no hand-off. When every
  // worker sleeps, the transport thread takes over and blocks in epoll;
  // it gives the role back as soon as a worker is awake again.

  std::atomic<bool> Held{false};
  /// Turns a worker has taken at the sockets: every fourth runs the
  /// reactor while connections are read directly, and the transport
  /// thread tells from it whether workers still poll (LastPollTurns: its
  /// last look).
  std::atomic<uint32_t> PollTurns{0};
  uint32_t LastPollTurns = 0;
  std::atomic<bool> Blocking{false}; // the transport thread is in epoll
  std::atomic<uint32_t> NetEpoch{0}; // futex word: workers all asleep
  std::atomic<bool> Draining{false}; // the scheduler has stopped
  /// Futex word for finish: every connection has closed after the byes, or
  /// the job failed and the transport has shut down.
  std::atomic<uint32_t> Ended{0};
  void noteEnded();

  /// From an idle or busy worker: runs ready handlers if nobody else is.
  bool poll();

  void allAsleep();

  bool workersAsleep() const;

  void loop();

  //===--------------------------------------------------------------------===//
  // Termination (Control.cpp)
  //===--------------------------------------------------------------------===//

  void nodeDone(uint32_t N);

  void beginFinish();

  /// Both sides said bye and half-closed: the connection is done.
  void maybeClose(Peer &P);

  void checkAllClosed();

  //===--------------------------------------------------------------------===//
  // Deadlock across nodes (Control.cpp)
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

  /// Nothing can run here, nor be woken but by another node: a fiber
  /// waiting for a timer or the network (waitsOutside) may still move, as
  /// it may on one node.
  bool quiet() const {
    return Sched && Sched->allAsleep() && !Sched->anyWork() &&
           !Sched->waitsOutside();
  }

  void startProbing();

  bool probe();

  void probeReply(Peer &P, uint32_t Seq);

  void probeResult(uint32_t From, uint32_t Seq, uint32_t Quiet, uint64_t Sent,
                   uint64_t Received, uint64_t Activity);

  void deadlock();

  //===--------------------------------------------------------------------===//
  // Heartbeats (Control.cpp)
  //===--------------------------------------------------------------------===//
  //
  // A peer that is stopped, hung or cut off without its connection closing
  // (SIGSTOP, a frozen machine, a partition) says nothing: every node sends
  // a heartbeat to each peer it wrote nothing to for half a second, and
  // gives up on a peer it heard nothing from for ASPEN_PEER_TIMEOUT seconds
  // (4), unless it was itself stalled since its last look.

  void startHeartbeats();
  std::chrono::steady_clock::time_point LastHeartbeatCheck;

  bool heartbeat();
};

} // namespace aspen::rt::transport

#endif // ASPEN_RT_NET_TRANSPORTIMPL_H

//===- Transport.h - Edges between hostfile nodes over TCP ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every node process runs the whole program's description but only its own
// instances. An edge whose ends are on different nodes is a channel,
// numbered by its edge index (the same on every node):
//
//   sender node:   instance --send--> outbound queue ==> transport thread
//   receiver node: transport thread ==> the destination's input queue
//
// The transport is one Boost.Asio thread per node with one TCP connection per
// pair of nodes. It is a consumer of outbound queues and a producer of input
// queues exactly as a fiber would be, parking in the same slots; when a
// fiber wakes it, a hook posts the channel to the transport thread instead
// of scheduling anything. So the send and dequeue hot paths are unchanged.
//
// Wire format: the greeting (a challenge and response keyed with the job
// secret, which never crosses the wire: Connect.cpp), then frames of a
// 12-byte header {u32 length of the body, u32 channel, u32 type} and a
// body. Data frames carry a payload
// (type = its wire type index); channel 0xFFFFFFFF carries control frames
// (credit, end of stream, done, finish, bye, abort).
//
// Flow control is per channel: a sender has a window of messages and bytes;
// the receiver returns credit when a message enters the destination queue.
// A full destination queue parks only that channel (its messages wait, at
// most one window, in the transport); the connection keeps being read, so
// other channels keep flowing and two nodes can never block each other
// through full socket buffers.
//
// Termination: a node whose last instance has finished tells node 0; when
// every node has, node 0 tells all to finish, and each says bye to every
// peer and half-closes. An end of file without a bye, a socket error or a
// protocol error stops the job on every node with a message naming the node.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_NET_TRANSPORT_H
#define ASPEN_RT_NET_TRANSPORT_H

#include "core/Graph.h"
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aspen::rt::transport {

struct Config {
  std::vector<NodeInfo> Nodes;
  uint32_t Self = 0;
  std::string Secret; // 16 bytes
  uint64_t ProgramHash = 0;
  int ListenFd = -1;            // inherited from the launcher, or -1
  double ConnectTimeout = 30;   // seconds, ASPEN_CONNECT_TIMEOUT
  double PeerTimeout = 4;       // seconds of silence, ASPEN_PEER_TIMEOUT
  size_t MaxFrame = 256 << 20;  // bytes, ASPEN_MAX_FRAME
  size_t QueueCapacity = 256;   // of each outbound queue, in messages
  size_t QueueBytes = 16 << 20; // and in bytes of arrays and strings
  /// Messages a channel may have in flight: the least, or with
  /// WindowByRtt unset, the window. With it, each receiving node raises
  /// the window of the channels from a peer to what the connection's round
  /// trip needs (Transport::Impl::sizeWindows), up to MaxWindowMessages.
  uint32_t WindowMessages = 64;
  bool WindowByRtt = true;
  uint32_t MaxWindowMessages = 16384;
  /// The most a node gives all the channels from one peer together (each
  /// keeps WindowMessages): what may wait in it for full destinations.
  uint32_t MaxPeerWindowMessages = 65536;
  // Enough for the bandwidth-delay product of a fast network (8 MiB is
  // 100 Gb/s for 670 us) on top of the sockets' own buffers; more only
  // spreads the arrays in flight over more memory than the caches hold
  // (bench/dist/bandwidth.asp, two sets of 8 rounds in turn against 64 MiB:
  // 14 to 34 % more bandwidth with 1 MiB messages, 18 to 53 % with 4 MiB).
  size_t WindowBytes = 8 << 20;
  /// Frames travel inside TLS 1.3 keyed from the secret, ASPEN_NET_TLS.
  bool Tls = false;
};

/// One end of a channel on this node.
struct ChannelEnd {
  uint32_t Id = 0;   // the edge index
  uint32_t Peer = 0; // the node at the other end
  /// Outbound: the queue instances send into (owned by the transport).
  /// Inbound: the destination instance's input queue.
  InputPort *Port = nullptr;
  uint32_t Slot = 0; // inbound: the transport's producer slot in Port
  std::string What;  // `a.out -> b` for messages
  /// ASPEN_TRACE, inbound into a fan-in queue: the key of the arrows from
  /// the senders (trace::flowId, by the channel's count), which the
  /// transport ends where it passes each message on (0: none).
  uint64_t FlowIn = 0;
};

class Transport {
public:
  Transport(Config C, std::vector<ChannelEnd> Out, std::vector<ChannelEnd> In);
  ~Transport();

  /// The outbound queue of channel Id (for the sending instance's target).
  InputPort *outboundPort(uint32_t Id);

  /// Connects to every other node; false (after a message) on failure.
  bool connect();
  /// The exit status after connect() failed: 6, or a failed peer's.
  int connectStatus() const;
  /// Runs the transport thread for the scheduler's run.
  void start(Scheduler &S);
  /// What to print when the nodes find they are deadlocked together.
  void onDeadlock(std::function<void()> Report);
  /// From a worker: every local instance has finished.
  void localDone();
  /// After the scheduler's run: ends the job on this node with Status (0:
  /// finished; otherwise a failure to report to the other nodes). Returns
  /// the node's exit status.
  int finish(int Status);
  /// ASPEN_STATS: a line per connection (its round trip and window).
  std::string statsText() const;

  struct Impl;

private:
  std::unique_ptr<Impl> I;
};

} // namespace aspen::rt::transport

#endif // ASPEN_RT_NET_TRANSPORT_H

//===- Control.cpp - Termination, deadlock and heartbeats -----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's control of the job as a whole: termination (done,
// finish, bye), deadlock detection across nodes (node 0's probes) and
// heartbeats. See Transport.h for the design.
//
//===----------------------------------------------------------------------===//

#include "net/TransportImpl.h"
#include <cstdio>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;
using namespace aspen::rt::transport::detail;

//===----------------------------------------------------------------------===//
// Termination
//===----------------------------------------------------------------------===//

void Transport::Impl::nodeDone(uint32_t N) {
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

void Transport::Impl::beginFinish() {
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

void Transport::Impl::maybeClose(Peer &P) {
  if (!P.PeerEof || !P.ShutDown || P.Closed)
    return;
  P.Closed = true;
  error_code Ec;
  P.Sock.close(Ec);
  checkAllClosed();
}

void Transport::Impl::checkAllClosed() {
  if (!Finishing)
    return;
  for (auto &P : Peers)
    if (P && !P->Closed)
      return;
  Acceptor.close();
}

//===----------------------------------------------------------------------===//
// Deadlock across nodes
//===----------------------------------------------------------------------===//

void Transport::Impl::startProbing() {
  after(std::chrono::milliseconds(500), [this] { return probe(); });
}

bool Transport::Impl::probe() {
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

void Transport::Impl::probeReply(Peer &P, uint32_t Seq) {
  putHeader(P.Buf, 32, ControlChannel, ProbeReply);
  putPod<uint32_t>(P.Buf, Seq);
  putPod<uint32_t>(P.Buf, quiet() ? 1 : 0);
  putPod<uint64_t>(P.Buf, DataSent);
  putPod<uint64_t>(P.Buf, DataReceived);
  putPod<uint64_t>(P.Buf, Sched ? Sched->activity() : 0);
  write(P);
}

void Transport::Impl::probeResult(uint32_t From, uint32_t Seq, uint32_t Quiet,
                                  uint64_t Sent, uint64_t Received,
                                  uint64_t Activity) {
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

void Transport::Impl::deadlock() {
  if (Failed || Finishing)
    return;
  if (OnDeadlock)
    OnDeadlock();
  stopJob(3); // every node got the same verdict: no aborts to send
}

//===----------------------------------------------------------------------===//
// Heartbeats
//===----------------------------------------------------------------------===//

void Transport::Impl::startHeartbeats() {
  auto Now = std::chrono::steady_clock::now();
  for (auto &P : Peers)
    if (P)
      P->LastHeard = P->LastSent = Now;
  LastHeartbeatCheck = Now;
  after(std::chrono::milliseconds(250), [this] { return heartbeat(); });
}

bool Transport::Impl::heartbeat() {
  if (Finishing || Failed)
    return false;
  auto Now = std::chrono::steady_clock::now();
  // This process was itself stalled (stopped, descheduled, swapped): what
  // its peers sent meanwhile waits unread in the sockets. Judge them only
  // after it has been read, at the next look.
  bool WeStalled = Now - LastHeartbeatCheck > std::chrono::seconds(1);
  LastHeartbeatCheck = Now;
  for (auto &P : Peers) {
    if (!P || P->Closed || P->GotBye)
      continue;
    if (!WeStalled &&
        Now - P->LastHeard > std::chrono::duration<double>(C.PeerTimeout)) {
      char Secs[32];
      std::snprintf(Secs, sizeof Secs, "%g", C.PeerTimeout);
      fail(5,
           "node " + nodeName(P->Index) + " has sent nothing for " + Secs +
               " s: it is stopped, hung or unreachable",
           P->Index, true);
      return false;
    }
    // Often enough that a peer stalled for 2 s, which then hears nothing
    // for 2.5 s at most, is well within the default timeout of 4 s.
    if (Now - P->LastSent >= std::chrono::milliseconds(500) && !P->Writing) {
      putHeader(P->Buf, 0, ControlChannel, Heartbeat);
      write(*P);
    }
  }
  return true;
}

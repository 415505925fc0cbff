//===- Transport.cpp - The TCP transport between node processes -----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The transport's construction, failure, kicks from workers and who
// drives the sockets, and the entry points Transport exposes; connecting,
// frames in and out, and termination, deadlock and heartbeats are in
// Connect.cpp, Stream.cpp and Control.cpp. See Transport.h for the design.
// Everything here runs on the transport thread except the wake hook (any
// worker) and the entry points Transport exposes.
//
//===----------------------------------------------------------------------===//

#include "net/Transport.h"
#include "net/TransportImpl.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sched.h>
#include <thread>
#include <unistd.h>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::rt::transport;
using namespace aspen::rt::transport::detail;

Transport::Impl::Impl(Config Cfg) : C(std::move(Cfg)) {
  Self = C.Nodes[C.Self].Name;
}

//===----------------------------------------------------------------------===//
// Failure
//===----------------------------------------------------------------------===//

void Transport::Impl::fail(int Status, const std::string &Msg, uint32_t Culprit,
                           bool Lost, int Reported) {
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

void Transport::Impl::stopJob(int Status) {
  Failed = true;
  FailStatus = Status;
  if (Sched)
    Sched->stop(Status);
  // Instances stop at their next send or dequeue; one that computes, or
  // sends to a node already gone, may not reach one for long. The job must
  // end within seconds of a failure on every node, also when no launcher
  // of ours is there to kill it (srun, mpirun): a watchdog ends this
  // process if it is still here after the grace period.
  static std::once_flag Watchdog;
  std::call_once(Watchdog, [Status, Self = Self] {
    std::thread([Status, Self] {
      std::this_thread::sleep_for(std::chrono::seconds(3));
      std::fprintf(stderr,
                   "aspen: error: node '%s': instances still running 3 s "
                   "after the job failed; ending the process\n",
                   Self.c_str());
      std::fflush(nullptr);
      _exit(Status ? Status : 1);
    }).detach();
  });
  after(std::chrono::milliseconds(200), [this] {
    closeAll();
    return false;
  });
}

void Transport::Impl::closeAll() {
  error_code Ec;
  Acceptor.close(Ec);
  for (auto &P : Peers)
    if (P) {
      P->Closed = true;
      P->Timer.cancel();
      P->Sock.close(Ec);
    }
}

void Transport::Impl::lost(Peer &P, const std::string &Why) {
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
           C.Nodes[P.Index].Host + ":" + std::to_string(C.Nodes[P.Index].Port) +
           "): " + Why,
       P.Index, true);
}

//===----------------------------------------------------------------------===//
// Kicks from workers
//===----------------------------------------------------------------------===//
//
// interrupt is defined in TransportImpl.h.

void Transport::Impl::hook(Fiber *F) {
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

size_t Transport::Impl::kicked() {
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

//===----------------------------------------------------------------------===//
// Who drives the sockets
//===----------------------------------------------------------------------===//

bool Transport::Impl::poll() {
  if (Held.load(std::memory_order_relaxed) ||
      Held.exchange(true, std::memory_order_acquire)) {
    if (Blocking.load(std::memory_order_relaxed))
      interrupt(); // ask the transport thread to hand the role over
    return false;
  }
  // Only the holder writes it.
  const uint32_t Turn = PollTurns.load(std::memory_order_relaxed) + 1;
  PollTurns.store(Turn, std::memory_order_relaxed);
  size_t N = kicked();
  Deferring = true;
  N += readDirect();
  // While connections are read directly, the reactor (timers, writes that
  // did not go out at once, other connections) is looked at on every
  // fourth poll only: its epoll wait would otherwise double the time
  // between two looks at the connection an answer is expected on.
  if (Rearms.empty() || (Turn & 3) == 0)
    N += Io.poll();
  Deferring = false;
  N += kicked();
  Held.store(false, std::memory_order_release);
  return N > 0;
}

void Transport::Impl::noteEnded() {
  // Every connection closed; or, after a failure, the transport shut down
  // (closeAll, 200 ms after it), which leaves the aborts time to reach the
  // peers before this process goes and its connections with it.
  bool All = true;
  for (auto &Pe : Peers)
    if (Pe && !Pe->Closed)
      All = false;
  if (Failed && !Acceptor.is_open())
    All = true;
  if (All && Ended.exchange(1, std::memory_order_release) == 0)
    futexWake(Ended, INT_MAX);
}

void Transport::Impl::allAsleep() {
  NetEpoch.fetch_add(1, std::memory_order_release);
  futexWake(NetEpoch, INT_MAX);
}

bool Transport::Impl::workersAsleep() const {
  return Draining.load(std::memory_order_acquire) || Sched->allAsleep();
}

void Transport::Impl::loop() {
  auto Guard = asio::make_work_guard(Io);
  while (!Io.stopped()) {
    uint32_t E = NetEpoch.load(std::memory_order_acquire);
    if (!workersAsleep()) {
      futexWait(NetEpoch, E, 10);
      // Workers are awake but may all be busy in long-running fibers:
      // every 10 ms, if none has polled since, drive the sockets from here,
      // so timers (heartbeats), credit and incoming data never wait for a
      // fiber to yield. While workers poll, keep off: this thread shares
      // their cores, and its turn would put their connections back on
      // asynchronous reads.
      uint32_t Seen = PollTurns.load(std::memory_order_relaxed);
      bool Polled = Seen != LastPollTurns;
      LastPollTurns = Seen;
      if (!Polled && !workersAsleep() &&
          !Held.load(std::memory_order_relaxed) &&
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
      if (Draining.load(std::memory_order_relaxed))
        noteEnded();
    }
    Held.store(false, std::memory_order_release);
  }
}

//===----------------------------------------------------------------------===//
// Transport entry points
//===----------------------------------------------------------------------===//

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
    O->Port.ByteLimit = I->C.QueueBytes;
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
    IC->Window = I->C.WindowMessages;
    IC->Waiter.External = &Impl::hook;
    IC->Waiter.Owner = I.get();
    IC->Waiter.ExternalTag = E.Id | 0x80000000u;
    I->InById[E.Id] = IC.get();
    I->Ins.push_back(std::move(IC));
  }
  // Room for a few wakes per channel; past that, a sweep (see hook).
  I->Kicks =
      std::make_unique<MPSCQueue<uint32_t>>(4 * (Out.size() + In.size()) + 64);
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
  // Idle workers poll for twice the longest round trip before they sleep:
  // an answer then finds them awake (Scheduler::NetSpinUs).
  S.setNetSpinUs(2 * long(I->sizeWindows()));
  for (auto &P : I->Peers)
    if (P && P->Up)
      I->read(*P);
  // Outbound channels start parked on their queues, like any consumer.
  for (auto &O : I->Outs)
    I->drain(*O);
  if (I->C.Self == 0)
    I->startProbing();
  I->startHeartbeats();
  I->Thread = std::thread([this, &S] {
    // On the node's own cores: when it drives the sockets, it must not
    // take a core another node process on this machine is using.
    S.bindToWorkerCores();
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
  asio::post(P->Io, [P] { P->summariseDropped(); });
  // No worker polls any more: the transport thread drives the sockets.
  P->Draining.store(true, std::memory_order_release);
  P->allAsleep();
  if (Status != 0)
    asio::post(P->Io, [P, Status] {
      P->fail(Status, ""); // the instance's own message is already out
    });
  // Wait for the byes (or the aborts) to go out and the peers to close:
  // the transport thread says when (noteEnded), at most 5 s from now.
  asio::post(P->Io, [P] { P->noteEnded(); });
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (P->Ended.load(std::memory_order_acquire) == 0) {
    auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(
        Deadline - std::chrono::steady_clock::now());
    if (Left.count() <= 0)
      break;
    futexWait(P->Ended, 0, std::min<long>(Left.count(), 100));
  }
  P->Io.stop();
  if (P->Thread.joinable())
    P->Thread.join();
  return P->Failed ? P->FailStatus : Status;
}

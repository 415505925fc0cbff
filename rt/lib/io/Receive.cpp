//===- Receive.cpp - CCR's receive forms over the graph's queues ----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The extended forms of `dequeue` (docs/language.md 5.4), after the
// Concurrency and Coordination Runtime's arbiters:
//
//   dequeue(a | b)           Choice: the first element of either queue
//   dequeue(q, within: d)    a receive that gives up after d
//   dequeue(q, from: k)      the next element of one sender (MPI's source)
//   dequeue(q, count: n)     MultipleItemReceive
//   dequeue(a & b)           JoinedReceive: one element of each
//
// A wait on several queues publishes the fiber as the consumer of each
// and parks once; whichever producer (or the alarm of a deadline) takes
// it first wakes it, and the others find their slot empty or wake it
// spuriously, which every park tolerates. Afterwards the fiber takes itself
// back out of every slot. Each queue still has one consumer, so the queues
// themselves are unchanged, and so is back-pressure. Here rather than in
// core/ because deadlines need the event loop's timers.
//
//===----------------------------------------------------------------------===//

#include "core/Graph.h"
#include "io/Io.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <cmath>
#include <stdexcept>
#include <string>

using namespace aspen;
using namespace aspen::rt;

namespace {
[[noreturn]] void misuse(const char *Site, const std::string &What) {
  throw std::invalid_argument(std::string(Site) + ": " + What);
}

/// The wait on several queues (or one sender), parked once.
class Receiver {
public:
  Receiver(Instance &I, std::initializer_list<unsigned> Ports, long long Sender)
      : I(I), Ports(Ports.begin()), N(unsigned(Ports.size())), Sender(Sender) {}

  /// Taken (P and Which set), Ended, or TimedOut once TimeoutNs have
  /// passed (-1: never; 0: only look).
  Received::Status run(long long TimeoutNs, Payload *&P, unsigned &Which);

private:
  InputPort &port(unsigned K) { return I.Inputs[Ports[K]]; }
  bool tryTake(unsigned K, Payload *&P) {
    InputPort &In = port(K);
    return Sender >= 0 ? In.tryPopFrom(uint32_t(Sender), P) : In.tryPop(P);
  }
  /// Read before the queue itself, so that a message sent before its
  /// producer ended is never missed.
  bool closed(unsigned K) {
    InputPort &In = port(K);
    if (Sender >= 0)
      return !In.Senders[Sender].Open.load(std::memory_order_acquire);
    return In.ended();
  }
  /// One look at every queue, from where the last choice left off.
  /// Closed: every queue had closed before it was found empty.
  bool sweep(Payload *&P, unsigned &Which, bool &Closed) {
    Closed = true;
    for (unsigned K = 0; K < N; ++K)
      Closed &= closed(K);
    unsigned Start = N > 1 ? I.ChoiceNext % N : 0;
    for (unsigned K = 0; K < N; ++K) {
      unsigned At = Start + K < N ? Start + K : Start + K - N;
      if (tryTake(At, P)) {
        Which = At;
        I.ChoiceNext = At + 1; // the next choice starts after this queue
        return true;
      }
    }
    return false;
  }

  Instance &I;
  const unsigned *Ports;
  unsigned N;
  long long Sender;
};

Received::Status Receiver::run(long long TimeoutNs, Payload *&P,
                               unsigned &Which) {
  using Clock = std::chrono::steady_clock;
  Scheduler *S = GSched;
  bool Closed;
  if (sweep(P, Which, Closed))
    return Received::Taken;
  if (Closed)
    return Received::Ended;
  if (TimeoutNs == 0)
    return Received::TimedOut;
  // As a plain dequeue does: a sender running on another worker is worth
  // a short spin before parking (a short deadline is not looked at here).
  if (S->maySpin())
    for (int K = 0; K < SpinIterations; ++K) {
      cpuPause();
      if (sweep(P, Which, Closed))
        return Received::Taken;
      if (Closed)
        return Received::Ended;
    }
  Clock::time_point Deadline{};
  std::shared_ptr<Alarm> A;
  if (TimeoutNs > 0) {
    Deadline = Clock::now() + std::chrono::nanoseconds(TimeoutNs);
    A = startAlarm(Deadline);
    // Not a deadlock while the alarm is pending: idle workers sleep.
    S->beginExternalWait();
  }
  I.Blocked = Instance::Dequeue;
  I.BlockedPort = Ports[0];
  I.WaitPorts.assign(Ports, Ports + N);
  I.NumWaitPorts = uint32_t(N);
  I.WaitSender = int32_t(Sender);
  Received::Status Result;
  for (;;) {
    I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
    for (unsigned K = 0; K < N; ++K)
      port(K).Consumer.store(&I.F, std::memory_order_relaxed);
    if (A)
      A->Slot.store(&I.F, std::memory_order_relaxed);
    bool Light = false;
    for (unsigned K = 0; K < N; ++K)
      Light |= port(K).LightWake.load(std::memory_order_relaxed) != 0;
    if (Light)
      heavyBarrier();
    else
      fullFence();
    // Dekker with the producers' push-then-look (wakeConsumer) and the
    // alarm's fire-then-look.
    bool Got = sweep(P, Which, Closed);
    bool Fired = A && A->Fired.load(std::memory_order_seq_cst);
    bool Parked = !Got && !Closed && !Fired;
    if (Parked) {
      bool Timed = StatsEnabled || trace::Enabled;
      uint64_t T0 = Timed ? trace::now() : 0;
      S->park();
      uint64_t T1 = Timed ? trace::now() : 0;
      if (StatsEnabled)
        I.DequeueNs += T1 - T0;
      if (trace::Enabled) [[unlikely]]
        trace::record(trace::ParkedDequeue, &I.Name, &I.Type->Inputs[Ports[0]],
                      T0, T1);
    } else {
      I.F.St.store(Fiber::Running, std::memory_order_relaxed);
    }
    // Out of every slot again; a producer that took us from one wakes us
    // once more, spuriously, which the next park absorbs. Woken from the
    // one slot of a plain wait, the waker has emptied it, as in dequeue:
    // touching it would fetch the line back from the waker's core.
    if (N > 1 || A || !Parked)
      for (unsigned K = 0; K < N; ++K) {
        std::atomic<Fiber *> &Slot = port(K).Consumer;
        if (Slot.load(std::memory_order_relaxed) == &I.F)
          Slot.exchange(nullptr, std::memory_order_acq_rel);
      }
    if (A)
      A->Slot.exchange(nullptr, std::memory_order_acq_rel);
    if (Got || sweep(P, Which, Closed)) {
      Result = Received::Taken;
      break;
    }
    if (Closed) {
      Result = Received::Ended;
      break;
    }
    if (A && (A->Fired.load(std::memory_order_seq_cst) ||
              Clock::now() >= Deadline)) {
      Result = Received::TimedOut;
      break;
    }
  }
  I.Blocked = Instance::None;
  I.NumWaitPorts = 0;
  I.WaitPorts.clear();
  I.WaitSender = -1;
  if (A) {
    cancelAlarm(A);
    S->endExternalWait();
  }
  return Result;
}
} // namespace

Received gen::Module::aspenReceive(std::initializer_list<unsigned> Ports,
                                   long long Sender, long long TimeoutNs,
                                   const char *Site) {
  Instance &I = *ModuleAccess::self(*this);
  unsigned Port0 = *Ports.begin();
  InputPort &In0 = I.Inputs[Port0];
  if (Sender >= 0 && uint64_t(Sender) >= In0.NumSenders)
    misuse(Site, "'" + I.Name + "' has no sender " + std::to_string(Sender) +
                     " on " + queueName(*I.Type, Port0, "input") + ": " +
                     std::to_string(In0.NumSenders) +
                     (In0.NumSenders == 1 ? " flow feeds" : " flows feed") +
                     " it");
  Payload *P = nullptr;
  unsigned Which = 0;
  uint64_t Start = trace::Enabled ? trace::now() : 0;
  Received::Status St = Receiver(I, Ports, Sender).run(TimeoutNs, P, Which);
  if (St != Received::Taken)
    return Received(QueueElement(), St, 0, -1, nullptr);
  unsigned Port = Ports.begin()[Which];
  InputPort &In = I.Inputs[Port];
  wakeProducers(In);
  if (trace::Enabled) [[unlikely]]
    traceDequeue(I, Port, Start, trace::now());
  int From = -1;
  const char *FromName = nullptr;
  // (A reduce its receivers run keeps a ring per participant too, but
  // what comes out is the reduce's result, from no one sender.)
  if (In.BySender && !In.Combine) {
    From = int(In.LastSender);
    FromName = In.Senders[In.LastSender].Name;
  }
  return Received(QueueElement(P), Received::Taken, Which, From, FromName);
}

std::vector<QueueElement>
gen::Module::aspenDequeueCount(unsigned Port, long long Count, const char *) {
  Instance &I = *ModuleAccess::self(*this);
  std::vector<QueueElement> Out;
  Out.reserve(size_t(std::min<long long>(Count, 4096)));
  // What is there already is taken without a wait between elements.
  bool Ended = false;
  while (Out.size() < uint64_t(Count)) {
    Payload *P = dequeueOrEnd(I, Port, Ended);
    if (Ended)
      break;
    Out.emplace_back(P);
  }
  return Out;
}

std::vector<QueueElement>
gen::Module::aspenDequeueJoined(std::initializer_list<unsigned> Ports) {
  Instance &I = *ModuleAccess::self(*this);
  std::vector<QueueElement> Out;
  Out.reserve(Ports.size());
  for (unsigned Port : Ports) {
    bool Ended;
    Out.emplace_back(dequeueOrEnd(I, Port, Ended));
  }
  return Out;
}

long long gen::checkedDeadline(long double Ns, const char *Site) {
  if (std::isnan(Ns))
    misuse(Site, "the duration of 'within:' is not a number");
  if (Ns < 0)
    misuse(Site, "the duration of 'within:' is negative");
  // Past a century the steady clock's arithmetic is near its end, and a
  // wait that long is a mistake in units, not a deadline.
  constexpr long double Century = 100.0L * 365.25L * 86400.0L * 1e9L;
  if (Ns > Century)
    misuse(Site, "the duration of 'within:' is over 100 years");
  return static_cast<long long>(std::ceil(Ns));
}

long long gen::checkedSender(long long K, const char *Site) {
  if (K < 0)
    misuse(Site,
           "'from: " + std::to_string(K) + "': senders are numbered from 0");
  return K;
}

long long gen::checkedCount(long long N, const char *Site) {
  if (N <= 0)
    misuse(Site, "'count: " + std::to_string(N) +
                     "': a receive takes at least one element");
  return N;
}

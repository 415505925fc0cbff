//===- Ports.cpp - Send, dequeue, and waking across a port ----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Send and dequeue over the bounded queues of the graph (one queue per
// connected input port: SPSC when one edge feeds it, MPSC for fan-in),
// with parking:
//
//   send:    push, or park in the target port's producer slot until the
//            consumer frees a cell; then wake the consumer if it waits.
//   dequeue: pop, or publish the instance as the port's consumer and park
//            until a producer pushes; then wake producers that wait.
//
//===----------------------------------------------------------------------===//

#include "core/Graph.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>

using namespace aspen;
using namespace aspen::rt;

namespace aspen::rt {

Runtime &runtime() {
  static Runtime R;
  return R;
}

bool StatsEnabled = false;
Scheduler *GSched = nullptr;

namespace {
/// Statistics and traces share one clock.
inline uint64_t nowNs() { return trace::now(); }
} // namespace

Scheduler *currentScheduler() { return GSched; }

// Dekker with the consumer's publish-then-recheck in aspenDequeue; which
// side pays the barrier is the consumer's choice (InputPort::LightWake).
// The mode is read after the push: a producer that reads 0 fences; one
// that reads 1 either sees a consumer that parks with heavyBarrier, or one
// whose switch back to 0 ran heavyBarrier after this push was executed,
// which made the push visible before the consumer looks again.
void wakeConsumer(InputPort &In) {
  if (In.LightWake.load(std::memory_order_relaxed))
    lightBarrier();
  else
    fullFence();
  if (In.Consumer.load(std::memory_order_relaxed))
    if (Fiber *C = In.Consumer.exchange(nullptr, std::memory_order_acq_rel))
      GSched->wake(C, /*Handoff=*/true);
}

// Dekker with a producer's register-then-recheck in aspenSend, whose side
// pays the barrier while the producers choose so (InputPort::HeavyProducers):
// it runs when a queue is full, this after every pop. The pop's stores (a
// fan-in cell's sequence, or the count a ring's producer reads) wait for
// their lines to come from a producer's core, and a full fence here waited
// for that on every dequeue. The mode is read after the
// pop, as wakeConsumer reads LightWake after the push.
void wakeProducers(InputPort &In) {
  if (In.HeavyProducers.load(std::memory_order_relaxed))
    lightBarrier();
  else
    fullFence();
  if (In.ProducersWaiting.load(std::memory_order_relaxed) > 0)
    for (uint32_t K = 0; K < In.NumProducers; ++K)
      if (In.ProducerSlots[K].load(std::memory_order_relaxed))
        if (Fiber *F = In.ProducerSlots[K].exchange(nullptr)) {
          In.ProducersWaiting.fetch_sub(1, std::memory_order_relaxed);
          GSched->wake(F);
        }
}

void closeProducer(InputPort &In, uint32_t Slot) {
  // A queue kept by sender: its consumer may wait for this sender alone.
  if (In.BySender)
    In.Senders[Slot].Open.store(false, std::memory_order_seq_cst);
  if (In.OpenProducers.fetch_sub(1, std::memory_order_acq_rel) != 1 &&
      !In.BySender)
    return;
  fullFence();
  if (Fiber *C = In.Consumer.exchange(nullptr, std::memory_order_acq_rel))
    GSched->wake(C);
}

/// run() has returned: every queue this instance feeds loses a producer, and
/// a consumer waiting on a queue that just closed is woken to see the end.
void closeOutputs(Instance &I) {
  for (OutputPort &O : I.Outputs)
    for (Target &T : O.Targets) {
      if (!T.Direct) {
        closeProducer(*T.Port, T.Slot);
        continue;
      }
      for (Target &A : *T.Direct)
        closeProducer(*A.Port, A.Slot);
    }
}

std::string queueName(const ModuleType &M, uint32_t Port, const char *Kind) {
  const std::vector<std::string> &Names = Kind[0] == 'i' ? M.Inputs : M.Outputs;
  if (M.Builtin)
    return std::string(Kind[0] == 'i' ? "the contribution of '"
                                      : "the queue to '") +
           Names[Port] + "'";
  if (Port == 0)
    return std::string("its default ") + Kind + " queue";
  return std::string(Kind) + " queue '" + Names[Port] + "'";
}

namespace {

bool spinPop(InputPort &In, Payload *&P) {
  if (!In.Spsc && !In.Mpsc && !In.Combine)
    return false;
  if (!GSched->maySpin())
    return false;
  const int Spins = In.LightWake.load(std::memory_order_relaxed)
                        ? SpinIterations * HeavyParkSpinFactor
                        : SpinIterations;
  for (int K = 0; K < Spins; ++K) {
    cpuPause();
    if (In.tryPop(P))
      return true;
  }
  return false;
}

/// A push; a traced one also learns the position the message took.
template <bool Traced>
bool push(InputPort &In, Payload *P, size_t &At, uint32_t Slot,
          bool Patient = false) {
  if constexpr (Traced)
    return In.tryPushAt(P, At, Slot);
  else
    return In.tryPush(P, Slot, Patient);
}

template <bool Traced>
bool spinPush(InputPort &In, Payload *P, size_t &At, uint32_t Slot) {
  if (!GSched->maySpin())
    return false;
  const int Spins = In.HeavyProducers.load(std::memory_order_relaxed)
                        ? SpinIterations * HeavyParkSpinFactor
                        : SpinIterations;
  for (int K = 0; K < Spins; ++K) {
    cpuPause();
    if (push<Traced>(In, P, At, Slot, /*Patient=*/true))
      return true;
  }
  return false;
}
} // namespace
} // namespace aspen::rt

//===----------------------------------------------------------------------===//
// What action modules call
//===----------------------------------------------------------------------===//

void aspen::throwElementTypeError(const char *Element, const Payload *Got) {
  std::string Msg = "getPayload: expected an array payload of '" +
                    demangle(Element) + "' elements, got ";
  Msg += Got ? "'" + demangle(typeid(*Got).name()) + "'" : "an empty element";
  throw PayloadTypeError(Msg);
}

void aspen::throwPayloadTypeError(const char *Wanted, const Payload *Got) {
  std::string Msg =
      "getPayload: expected a payload of type '" + demangle(Wanted) + "', got ";
  Msg += Got ? "'" + demangle(typeid(*Got).name()) + "'" : "an empty element";
  throw PayloadTypeError(Msg);
}

thread_local Instance *aspen::rt::Constructing = nullptr;

ModuleBase::ModuleBase() : Self(Constructing) {}

int ModuleBase::instanceIndex() const { return int(Self->Index); }
int ModuleBase::instanceCount() const { return int(Self->Count); }
const char *ModuleBase::instanceName() const { return Self->Name.c_str(); }

void gen::Module::aspenSend(unsigned Port, QueueElement &&E) {
  Instance &I = *ModuleAccess::self(*this);
  OutputPort &O = I.Outputs[Port];
  if (O.Targets.empty()) {
    if (!O.WarnedDrop) {
      O.WarnedDrop = true;
      std::fprintf(stderr,
                   "aspen: warning: '%s' sends on %s, which goes nowhere; "
                   "the messages are dropped\n",
                   I.Name.c_str(), queueName(*I.Type, Port, "output").c_str());
    }
    return; // E deletes the payload
  }
  Target &T = O.Targets[O.Next];
  if (++O.Next == O.Targets.size())
    O.Next = 0;
  pushTo(I, Port, T, std::move(E));
}

unsigned ModuleBase::outputTargets() const {
  return unsigned(Self->Outputs[0].Targets.size());
}

void ModuleBase::sendTo(unsigned Target, QueueElement &&E) {
  Instance &I = *Self;
  OutputPort &O = I.Outputs[0];
  if (Target >= O.Targets.size())
    throw std::out_of_range("sendTo: target " + std::to_string(Target) +
                            " of '" + I.Name +
                            "', whose default output queue has " +
                            std::to_string(O.Targets.size()) + " target(s)");
  pushTo(I, 0, O.Targets[Target], std::move(E));
}

namespace aspen::rt {
namespace {
// One message onto the queue of one target, waiting while it is full. Made
// twice: untraced, exactly the send it always was; traced, with the
// timestamps and positions of the send slice and the message's arrow.
template <bool Traced>
void pushToImpl(Instance &I, unsigned Port, Target &T, Payload *P,
                bool Wake = true) {
  InputPort &In = *T.Port;
  size_t At = 0;
  // The send slice starts before the push that succeeds: the arrow leaves
  // it before the consumer can have taken the message.
  uint64_t Start = Traced ? nowNs() : 0;
  if (!push<Traced>(In, P, At, T.Slot, /*Patient=*/true) &&
      !spinPush<Traced>(In, P, At, T.Slot)) {
    // Full: park in our producer slot until the consumer frees a cell.
    Scheduler *S = GSched;
    std::atomic<Fiber *> &Slot = In.ProducerSlots[T.Slot];
    for (;;) {
      I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
      Slot.store(&I.F, std::memory_order_relaxed);
      In.ProducersWaiting.fetch_add(1, std::memory_order_seq_cst);
      // Full again after fewer than LightStreamPops pops since a producer
      // last parked here: the consumer fences after every pop instead of a
      // system call per park (RDE's finest grain parked 20,000 times a
      // second). Either switch parks with heavyBarrier, as does every park
      // while the consumer's side is free. Only a queue of one producer
      // goes back to a free consumer side: with several, another producer
      // could be parking with a fence, having read the mode just before,
      // while the consumer already reads the new one and fences no more.
      // (A queue kept by sender keeps the mode it starts with: its count
      // is a sum over every sender's ring, too dear to take at each park.)
      const uint32_t Popped = In.NumSenders ? 0 : uint32_t(In.popped());
      const bool WasHeavy =
          In.HeavyProducers.load(std::memory_order_relaxed) != 0;
      const bool Heavy =
          In.NumSenders
              ? WasHeavy
              : (WasHeavy || In.NumProducers == 1) &&
                    uint32_t(Popped - In.PoppedAtProducerPark.load(
                                          std::memory_order_relaxed)) >=
                        LightStreamPops;
      In.PoppedAtProducerPark.store(Popped, std::memory_order_relaxed);
      if (Heavy != WasHeavy) {
        In.HeavyProducers.store(Heavy, std::memory_order_relaxed);
        In.ProducerWakeSwitches.fetch_add(1, std::memory_order_relaxed);
      }
      if (Heavy || WasHeavy)
        heavyBarrier();
      else
        fullFence();
      bool Pushed = push<Traced>(In, P, At, T.Slot);
      if (!Pushed) {
        I.Blocked = Instance::Send;
        I.BlockedPort = Port;
        uint64_t T0 = StatsEnabled || Traced ? nowNs() : 0;
        S->park();
        uint64_t T1 = StatsEnabled || Traced ? nowNs() : 0;
        if (StatsEnabled)
          I.SendNs += T1 - T0;
        if constexpr (Traced) {
          trace::record(trace::ParkedSend, &I.Name,
                        &runtime().Instances[T.Inst]->Name, T0, T1);
          // Other fibers ran on this worker meanwhile (and this one may be
          // on another now): the slice is what follows the wait.
          Start = T1;
        }
        I.Blocked = Instance::None;
        Pushed = push<Traced>(In, P, At, T.Slot);
      } else {
        I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      }
      if (Slot.exchange(nullptr, std::memory_order_acq_rel))
        In.ProducersWaiting.fetch_sub(1, std::memory_order_relaxed);
      if (Pushed)
        break;
    }
  }
  uint64_t Seq = T.Sent++;
  if (StatsEnabled) {
    size_t Depth = In.size(),
           Seen = In.HighWater.load(std::memory_order_relaxed);
    while (Depth > Seen && !In.HighWater.compare_exchange_weak(Seen, Depth))
      ;
  }
  if (Wake)
    wakeConsumer(In);
  if constexpr (Traced) {
    // In a queue of one producer (an edge of its own, or the channel to
    // another node, whose count the transport there keeps too) the
    // position is this edge's count.
    uint64_t Flow =
        T.FlowKey ? trace::flowId(T.FlowKey, In.Mpsc ? At : Seq) : 0;
    trace::record(trace::Send, &I.Name, &runtime().Instances[T.Inst]->Name,
                  Start, std::max(nowNs(), Start + 2), 0, Flow, Start + 1);
  }
}
} // namespace

namespace {
void pushOne(Instance &I, unsigned Port, Target &T, Payload *P,
             bool Wake = true) {
  if (trace::Enabled) [[unlikely]]
    pushToImpl<true>(I, Port, T, P, Wake);
  else
    pushToImpl<false>(I, Port, T, P, Wake);
}

/// A contribution to a reduce its receivers run (directReduces): to every
/// receiver's ring, a copy for all but the first, each made before the
/// original is pushed (its receiver may combine into it at once). A ring
/// of the sender's own port (an all-reduce's participant is a receiver
/// too) wakes no one: its consumer is this fiber, running.
void directSend(Instance &I, unsigned Port, Target &T, QueueElement &&E) {
  std::vector<Target> &D = *T.Direct;
  QueueElement Copies[MaxDirectReceivers]; // D.size() <= MaxDirectReceivers
  if (E)
    for (size_t K = 1; K < D.size(); ++K)
      Copies[K] = QueueElement(E.get()->clone());
  const InputPort *Own = I.Inputs.get(), *OwnEnd = Own + I.Type->Inputs.size();
  auto Mine = [&](const Target &R) { return R.Port >= Own && R.Port < OwnEnd; };
  // Another receiver's first: its line starts on its way to the other core
  // while this one pushes to its own ring.
  for (size_t K = 0; K < D.size(); ++K)
    if (!Mine(D[K]))
      pushOne(I, Port, D[K], K ? Copies[K].release() : E.release());
  for (size_t K = 0; K < D.size(); ++K)
    if (Mine(D[K]))
      pushOne(I, Port, D[K], K ? Copies[K].release() : E.release(),
              /*Wake=*/false);
  T.Sent++; // the edge's count, for statistics
}
} // namespace

void pushTo(Instance &I, unsigned Port, Target &T, QueueElement &&E) {
  if (T.Direct) [[unlikely]] {
    directSend(I, Port, T, std::move(E));
    return;
  }
  Payload *P = E.release();
  if (trace::Enabled) [[unlikely]]
    pushToImpl<true>(I, Port, T, P);
  else
    pushToImpl<false>(I, Port, T, P);
}

void traceDequeue(Instance &I, unsigned Port, uint64_t Start, uint64_t TPop) {
  InputPort &In = I.Inputs[Port];
  uint64_t Flow = 0;
  if (In.NumSenders) { // the ring of the last pop: its edge's own count
    SenderRing &Ring = In.Senders[In.LastSender];
    if (Ring.FlowKey)
      Flow = trace::flowId(Ring.FlowKey, Ring.Q->popped() - 1);
  } else if (In.FlowKey) {
    Flow = trace::flowId(In.FlowKey, In.popped() - 1);
  }
  // The arrow ends strictly inside the slice, so that it binds to it.
  trace::record(trace::Dequeue, &I.Name, &I.Type->Inputs[Port],
                std::min(Start, TPop - 1), std::max(nowNs(), TPop + 1), 0, Flow,
                TPop);
}
} // namespace aspen::rt

QueueElement gen::Module::aspenDequeue(unsigned Port) {
  bool Ended;
  return QueueElement(dequeueOrEnd(*ModuleAccess::self(*this), Port, Ended));
}

namespace {
template <bool Traced>
Payload *dequeueImpl(Instance &I, unsigned Port, bool &Ended) {
  InputPort &In = I.Inputs[Port];
  Payload *P = nullptr;
  Ended = false;
  uint64_t Start = Traced ? nowNs() : 0;
  if (!In.tryPop(P) && !spinPop(In, P)) {
    Scheduler *S = GSched;
    for (;;) {
      // Closed and drained: the end of the stream. The count is read before
      // the queue, so a message sent before its producer ended is never
      // missed.
      if (In.ended()) {
        if (In.tryPop(P))
          break;
        Ended = true;
        return nullptr;
      }
      I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
      In.Consumer.store(&I.F, std::memory_order_relaxed);
      // A stream (LightWakePops taken since the last park) moves the
      // port's barrier to this side; fewer move it back. Either switch
      // parks with heavyBarrier (so does every park in the light mode).
      // (A queue kept by sender keeps the fences: its count is a sum over
      // every sender's ring, too dear to take at each park.)
      // (A combining port counts its own pops: its consumer has them.)
      const bool Counted = !In.NumSenders || In.Combine;
      const uint64_t Popped = In.Combine      ? combinedPops(In)
                              : In.NumSenders ? 0
                                              : In.popped();
      const bool Light = Counted && Popped - In.PoppedAtPark >= LightWakePops;
      In.PoppedAtPark = Popped;
      const bool WasLight = In.LightWake.load(std::memory_order_relaxed);
      if (Light != WasLight) {
        In.LightWake.store(Light, std::memory_order_relaxed);
        ++In.WakeSwitches;
      }
      if (Light || WasLight)
        heavyBarrier();
      else
        fullFence();
      // An element popped here may be an empty one that was sent: it is
      // delivered, not taken for a wake-up.
      bool Got = In.tryPop(P);
      if (Got || In.ended()) {
        In.Consumer.store(nullptr, std::memory_order_relaxed);
        I.F.St.store(Fiber::Running, std::memory_order_relaxed);
        if (Got)
          break;
        continue;
      }
      I.Blocked = Instance::Dequeue;
      I.BlockedPort = Port;
      uint64_t T0 = StatsEnabled || Traced ? nowNs() : 0;
      S->park();
      uint64_t T1 = StatsEnabled || Traced ? nowNs() : 0;
      if (StatsEnabled)
        I.DequeueNs += T1 - T0;
      if constexpr (Traced) {
        trace::record(trace::ParkedDequeue, &I.Name, &I.Type->Inputs[Port], T0,
                      T1);
        Start = T1; // as in a send: the slice is what follows the wait
      }
      I.Blocked = Instance::None;
      if (In.tryPop(P))
        break;
    }
  }
  uint64_t TPop = Traced ? nowNs() : 0;
  wakeProducers(In);
  if constexpr (Traced)
    traceDequeue(I, Port, Start, TPop);
  return P;
}
} // namespace

// The next element (an empty one may have been sent), or null with Ended
// set at the end of the stream.
Payload *aspen::rt::dequeueOrEnd(Instance &I, unsigned Port, bool &Ended) {
  if (trace::Enabled) [[unlikely]]
    return dequeueImpl<true>(I, Port, Ended);
  return dequeueImpl<false>(I, Port, Ended);
}

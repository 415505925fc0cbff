//===- RuntimeImpl.h - The runtime's graph, shared with the transport -*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Instances, their ports and queues, as Runtime.cpp builds them from the
// ABI calls. The transport (Net.cpp) is one more producer and consumer of
// these queues: it parks and is woken through the same slots as a fiber,
// with a Fiber whose External hook runs instead of being scheduled.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_LIB_RUNTIMEIMPL_H
#define ASPEN_RT_LIB_RUNTIMEIMPL_H

#include "Collectives.h"
#include "Scheduler.h"
#include "aspen/rt/MPSCQueue.h"
#include "aspen/rt/SPSCQueue.h"
#include "aspen/runtime.h"
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aspen::rt {

struct ModuleType {
  std::string Name;
  std::function<ModuleBase *()> Factory;
  std::vector<std::string> Inputs{""}, Outputs{""}; // port 0: default
  /// Collectives: their ports are named by the instances at the other end,
  /// and their fibers do not keep the program alive.
  bool Builtin = false;
  /// A reduce's part on one node: its steps (aspen_rt_set_plan).
  std::vector<PlanStep> Plan;
};

struct InputPort {
  std::unique_ptr<SPSCQueue<Payload *>> Spsc;
  std::unique_ptr<MPSCQueue<Payload *>> Mpsc;
  alignas(CacheLine) std::atomic<Fiber *> Consumer{nullptr};
  std::atomic<int> ProducersWaiting{0};
  std::unique_ptr<std::atomic<Fiber *>[]> ProducerSlots;
  uint32_t NumProducers = 0;
  /// Producers whose run() has not returned. At zero, with the queue empty,
  /// the stream has ended and dequeue returns an empty element.
  std::atomic<uint32_t> OpenProducers{0};
  /// ASPEN_STATS: the deepest this queue was seen by a producer.
  std::atomic<size_t> HighWater{0};
  size_t size() const { return Spsc ? Spsc->size() : Mpsc ? Mpsc->size() : 0; }
  /// A bound on the bytes queued as well as on the messages (0: none). Set
  /// on the queues into the transport only, which have one producer: a
  /// queue of 256 arrays of 16 MiB would let a sender run 4 GiB ahead of
  /// the network, each payload in memory never touched before. One message
  /// is always let in, however large.
  size_t ByteLimit = 0;
  std::atomic<size_t> QueuedBytes{0};

  bool tryPush(Payload *P) {
    if (ByteLimit) [[unlikely]]
      return tryPushBounded(P);
    return Spsc ? Spsc->tryPush(P) : Mpsc->tryPush(P);
  }
  bool tryPop(Payload *&P) {
    if (Spsc) {
      if (!Spsc->tryPop(P))
        return false;
      if (ByteLimit && P) [[unlikely]]
        QueuedBytes.fetch_sub(P->byteSize(), std::memory_order_seq_cst);
      return true;
    }
    if (Mpsc)
      return Mpsc->tryPop(P);
    return false; // nothing feeds this port
  }

private:
  bool tryPushBounded(Payload *P) {
    // One producer: only the consumer changes QueuedBytes meanwhile, and
    // only downwards. Counted before the push, so the consumer never
    // subtracts what was not added.
    size_t B = P ? P->byteSize() : 0;
    size_t Queued = QueuedBytes.load(std::memory_order_seq_cst);
    if (Queued != 0 && Queued + B > ByteLimit)
      return false;
    QueuedBytes.fetch_add(B, std::memory_order_seq_cst);
    if (Spsc->tryPush(P))
      return true;
    QueuedBytes.fetch_sub(B, std::memory_order_seq_cst);
    return false;
  }
};

struct Target {
  InputPort *Port;
  uint32_t Slot;     // this producer's slot in Port->ProducerSlots
  uint32_t Inst;     // for messages
  uint64_t Sent = 0; // messages, counted by the one producer of this edge
};

struct OutputPort {
  std::vector<Target> Targets;
  uint32_t Next = 0; // round-robin position; only the owner touches it
  bool WarnedDrop = false;
};

struct Instance {
  std::string Name;
  uint32_t Index = 0, Count = 1;
  ModuleType *Type = nullptr;
  std::unique_ptr<ModuleBase> Obj;
  std::unique_ptr<InputPort[]> Inputs;
  std::vector<OutputPort> Outputs;
  Fiber F;
  // What the instance waits for, for deadlock reports.
  enum Wait { None, Dequeue, Send } Blocked = None;
  // ASPEN_STATS: time parked, by reason.
  uint64_t DequeueNs = 0, SendNs = 0;
  uint32_t BlockedPort = 0;
  /// The hostfile node the instance runs on; only local ones have fibers
  /// and queues.
  uint32_t Node = 0;
};

/// Sends one message from I's output port Port to one of its targets,
/// parking I while the target's queue is full.
void pushTo(Instance &I, unsigned Port, Target &T, QueueElement &&E);
/// Instance I's next element on input Port (null for an empty element that
/// was sent), waiting while there is none; null with Ended set at the end
/// of the stream. ModuleBase::aspenDequeue, which cannot tell the two
/// apart, is this; collectives, which must, call it themselves.
Payload *dequeueOrEnd(Instance &I, unsigned Port, bool &Ended);
/// After a push: wakes the port's consumer if it waits (the Dekker
/// partner of the consumer's publish-then-recheck).
void wakeConsumer(InputPort &In);
/// After a pop: wakes the producers that wait for room.
void wakeProducers(InputPort &In);
/// One producer of the port has ended; at the last, the stream is closed.
void closeProducer(InputPort &In);
/// The scheduler of the current run.
Scheduler *currentScheduler();
/// ASPEN_SNET_WORKERS and ASPEN_SNET_CONCURRENCY, checked before anything
/// runs: a bad value ends the program with status 2.
void checkSNetEnvironment();
/// For ASPEN_DUMP: the state of the S-Net network instance I is running,
/// or "" if it runs none.
std::string describeSNet(const Instance &I);

} // namespace aspen::rt

#endif // ASPEN_RT_LIB_RUNTIMEIMPL_H

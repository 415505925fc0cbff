//===- Graph.h - The program's graph: instances, ports, queues --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The entry header of core/: instances, their ports and queues, as the ABI
// calls (run/Abi.cpp) register them, and the send and dequeue paths over
// them (Ports.cpp). Every other concern reaches the graph through this
// header: collectives, the S-Net engine and the stdlib's event loop are
// instances; the transport (net/) is one more producer and consumer of the
// queues, parked and woken through the same slots as a fiber, with a Fiber
// whose External hook runs instead of being scheduled.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_CORE_GRAPH_H
#define ASPEN_RT_CORE_GRAPH_H

#include "aspen/gen/module.h"
#include "queue/Queues.h"
#include "sched/Scheduler.h"
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace aspen::rt {

/// One step of one node's part of a reduce across nodes (abi.def,
/// aspen_rt_set_plan; the kinds and flags are plan_steps.def's).
struct PlanStep {
  enum Kind : uint32_t {
#define ASPEN_PLAN_STEP(Id) Id,
#include "aspen/abi/plan_steps.def"
  };
  uint32_t K, Port, Flags;
};
enum : uint32_t {
#define ASPEN_PLAN_FLAG(Id, Bit) Plan##Id = Bit,
#include "aspen/abi/plan_steps.def"
};

/// One hostfile node.
struct NodeInfo {
  std::string Name; // as in the hostfile
  std::string Host; // where to connect (address or name)
  uint16_t Port = 0;
  /// `hosts:3:1`, where a hostfile given at run time names it; empty for
  /// the nodes built in by aspenc --hostfile.
  std::string Where;
};

struct ModuleType {
  std::string Name;
  std::function<ModuleBase *()> Factory;
  std::vector<std::string> Inputs{""}, Outputs{""}; // port 0: default
  /// Collectives: their ports are named by the instances at the other end,
  /// and their fibers do not keep the program alive.
  bool Builtin = false;
  /// Input ports kept by sender (aspen_rt_by_sender), by port number.
  std::vector<bool> BySender;
  /// A reduce's part on one node: its steps (aspen_rt_set_plan).
  std::vector<PlanStep> Plan;
  /// A Reduce (not a part of one across nodes): what its receivers need
  /// to run it themselves (collective/Collectives.h, directReduces).
  std::shared_ptr<const struct ReduceSpec> Reduce;
};

/// One producer's ring of a queue kept by sender (InputPort::Senders).
struct SenderRing {
  std::unique_ptr<SPSCQueue<Payload *>> Q;
  /// Cleared when this producer's run() returns (or its channel closes):
  /// with the ring empty, nothing more comes from it.
  std::atomic<bool> Open{true};
  uint32_t Inst = 0;          // the sending instance, for messages
  const char *Name = nullptr; // its name, for Received::senderName()
  uint64_t FlowKey = 0;       // ASPEN_TRACE: the key of its arrows
};

struct InputPort;
struct CombinedPort;
/// The most receivers of a reduce its receivers run (directReduces).
inline constexpr size_t MaxDirectReceivers = 8;
/// The largest payload ASPEN_QUEUE_SMALL_CAPACITY counts as small: a cache
/// line (a count, an index, eight doubles, a short string).
inline constexpr size_t SmallElementBytes = 64;
/// What the cells of all fan-in rings past their capacity may take
/// together (buildQueues): 64 MiB, 1,024 rings of 4,096 cells.
inline constexpr size_t FanInSmallBudget = size_t(64) << 20;

/// A port that combines a reduce's contributions itself (Collectives.cpp):
/// the next result, once every participant's next element is in.
bool combinedPop(InputPort &In, Payload *&P);
/// Whether a participant of such a port has ended with nothing left.
bool combinedEnded(InputPort &In);
/// Whether every participant's next element seems to be in.
bool combinedReady(InputPort &In);
/// The results such a port has given (its consumer's count, kept off the
/// port's first line, which its producers read at every push).
uint64_t combinedPops(const InputPort &In);

struct InputPort {
  std::unique_ptr<SPSCQueue<Payload *>> Spsc;
  std::unique_ptr<MPSCQueue<Payload *>> Mpsc;
  /// A queue module code dequeues `from:` a sender (aspen_rt_by_sender):
  /// one ring per producer instead of one shared queue, so the consumer
  /// can take the next element of a given sender and know who sent each
  /// one. Spsc and Mpsc are then null; a plain dequeue takes from the
  /// rings in turn, so no sender starves. Producers are numbered by their
  /// edge's place among the edges into this queue, the same on every node.
  std::unique_ptr<SenderRing[]> Senders;
  uint32_t NumSenders = 0;
  bool BySender = false; // set at registration, before the queues exist
  /// A receiver's port that runs a reduce itself (directReduces): one
  /// ring per participant, in participant order; a pop combines the next
  /// element of every ring. Null for every other port.
  CombinedPort *Combine = nullptr;
  // The consumer's own words, on a line of their own: the line above is
  // read by the producers at every push, and a word the consumer wrote
  // there at every pop (the ring of a queue kept by sender) cost them a
  // transfer of the line per message.
  alignas(CacheLine) uint32_t NextSender = 0; // where the next turn starts
  uint32_t LastSender = 0;                    // the ring of the last pop
  uint32_t WakeSwitches = 0;                  // LightWake changes (STATS)
  uint64_t PoppedAtPark = 0;                  // popped() at its last park
  /// ASPEN_TRACE: this queue's part of the flow ids of the messages it
  /// carries (trace::flowId), the same on every node.
  uint64_t FlowKey = 0;
  alignas(CacheLine) std::atomic<Fiber *> Consumer{nullptr};
  std::atomic<int> ProducersWaiting{0};
  /// The wake-up protocol's barriers (wakeConsumer and the consumer's
  /// publish-then-recheck, a Dekker pair): 0, a full fence on both sides;
  /// 1, producers' free (lightBarrier) and the consumer's heavyBarrier. The
  /// consumer chooses, at a park, from the messages it took since the
  /// last: a stream (many) pays one system call per park instead of a
  /// fence per message, a chain (one per park) keeps the fences. A switch
  /// is made in a park that uses heavyBarrier, and the consumer's other
  /// waits read it (consumerBarrier), so no wake-up is lost to it:
  /// docs/runtime.md, "Waking a consumer".
  std::atomic<uint8_t> LightWake{0};
  /// The same choice for the other pair, a producer that waits for room
  /// (wakeProducers after every pop, the producer's register-then-recheck):
  /// 1, the consumer's side free and a waiting producer's a heavyBarrier;
  /// 0, a full fence on both. Producers choose at their parks, from the
  /// messages the queue passed since the last (PoppedAtProducerPark): a
  /// producer that finds the queue full again after a few pops (a fine
  /// grain of work behind a slower consumer) keeps the fences.
  std::atomic<uint8_t> HeavyProducers{1};
  /// popped() at a producer's last park here (its low 32 bits: only
  /// differences below 2^32 are compared).
  std::atomic<uint32_t> PoppedAtProducerPark{0};
  std::atomic<uint32_t> ProducerWakeSwitches{0}; // HeavyProducers changes
  uint32_t NumProducers = 0;
  /// Producers whose run() has not returned. At zero, with the queue empty,
  /// the stream has ended and dequeue returns an empty element.
  std::atomic<uint32_t> OpenProducers{0};
  std::unique_ptr<std::atomic<Fiber *>[]> ProducerSlots;
  /// ASPEN_STATS: the deepest this queue was seen by a producer.
  std::atomic<size_t> HighWater{0};
  size_t size() const {
    if (Spsc)
      return Spsc->size();
    return Mpsc ? Mpsc->size() : sumOverSenders(&SPSCQueue<Payload *>::size);
  }
  /// A bound on the bytes queued as well as on the messages (0: none). Set
  /// on the queues into the transport only, which have one producer: a
  /// queue of 256 arrays of 16 MiB would let a sender run 4 GiB ahead of
  /// the network, each payload in memory never touched before. One message
  /// is always let in, however large.
  size_t ByteLimit = 0;
  std::atomic<size_t> QueuedBytes{0};

  /// Slot: the producer's (Target::Slot), which only a queue kept by
  /// sender reads.
  /// Patient: a ring of one producer may refuse while fewer than a batch
  /// of slots are free (SPSCQueue::tryPush); the send's first tries and
  /// its spin are patient, its tries around a park are not.
  [[gnu::always_inline]] bool tryPush(Payload *P, uint32_t Slot = 0,
                                      bool Patient = false) {
    if (ByteLimit) [[unlikely]]
      return tryPushBounded(P);
    if (Spsc)
      return Spsc->tryPush(P, Patient, &isSmallElement);
    return Mpsc ? Mpsc->tryPush(P, &isSmallElement)
                : Senders[Slot].Q->tryPush(P, Patient);
  }
  /// tryPush for a traced send: At is the position taken in a fan-in
  /// queue (in a queue of one producer, that producer's count).
  bool tryPushAt(Payload *P, size_t &At, uint32_t Slot = 0) {
    return Mpsc ? Mpsc->tryPushAt(P, At, &isSmallElement) : tryPush(P, Slot);
  }
  /// What ASPEN_QUEUE_SMALL_CAPACITY counts: an empty element, or a payload
  /// that says it holds 1 to SmallElementBytes bytes (byteSize(); one
  /// that does not say is not small). Asked only of elements that find a
  /// queue holding its capacity.
  static bool isSmallElement(Payload *P) {
    if (!P)
      return true;
    size_t B = P->byteSize();
    return B != 0 && B <= SmallElementBytes;
  }
  /// For the consumer: the elements popped so far.
  size_t popped() const {
    if (Spsc)
      return Spsc->popped();
    return Mpsc ? Mpsc->popped()
                : sumOverSenders(&SPSCQueue<Payload *>::popped);
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
    if (NumSenders) [[unlikely]]
      return Combine ? combinedPop(*this, P) : tryPopAnySender(P);
    return false; // nothing feeds this port
  }
  /// For the consumer: a pop may find something now.
  bool mayHaveInput() {
    if (Combine) [[unlikely]]
      return combinedReady(*this);
    return size() != 0;
  }
  /// For the consumer, after a pop found nothing: the stream has ended (no
  /// producer is left; for a combining port, one participant has ended,
  /// which ends the reduce). Read before looking at the queue again, so a
  /// message sent before its producer ended is never missed.
  bool ended() {
    if (Combine) [[unlikely]]
      return combinedEnded(*this);
    return OpenProducers.load(std::memory_order_acquire) == 0;
  }
  /// A queue kept by sender: the next element of sender S.
  bool tryPopFrom(uint32_t S, Payload *&P) {
    if (!Senders[S].Q->tryPop(P))
      return false;
    LastSender = S;
    return true;
  }

private:
  // A queue kept by sender: the sum of a count over its rings.
  size_t sumOverSenders(size_t (SPSCQueue<Payload *>::*Count)() const) const {
    size_t N = 0;
    for (uint32_t K = 0; K < NumSenders; ++K)
      N += (*Senders[K].Q.*Count)();
    return N;
  }
  // The rings in turn, from the one after the last served.
  bool tryPopAnySender(Payload *&P) {
    for (uint32_t K = 0; K < NumSenders; ++K) {
      uint32_t S = NextSender + K;
      if (S >= NumSenders)
        S -= NumSenders;
      if (Senders[S].Q->tryPop(P)) {
        LastSender = S;
        NextSender = S + 1 == NumSenders ? 0 : S + 1;
        return true;
      }
    }
    return false;
  }
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

/// A word its owner writes and another thread may read at any time (a
/// live ASPEN_DUMP, from the signal thread): relaxed, so writing it costs
/// what a plain store does, and reading it is no data race.
template <typename T> class Relaxed {
public:
  Relaxed(T V = T()) : V(V) {}
  Relaxed(const Relaxed &O) : V(T(O)) {}
  Relaxed &operator=(const Relaxed &O) { return *this = T(O); }
  Relaxed &operator=(T X) {
    V.store(X, std::memory_order_relaxed);
    return *this;
  }
  operator T() const { return V.load(std::memory_order_relaxed); }
  /// Only for a word with one writer: a load and a store, no RMW.
  T operator++(int) {
    T Old = *this;
    *this = T(Old + 1);
    return Old;
  }
  Relaxed &operator+=(T X) { return *this = T(*this + X); }

private:
  std::atomic<T> V;
};

// A sender writes its Target (Sent) and OutputPort (Next) at every send.
// Each on a line of its own: the vectors holding them are small heap
// blocks, and the allocator put the ones of the two ends of a ping-pong side
// by side, so every send missed on the line the other end had just written
// (false sharing, a transfer per message on top of the ring's).
struct alignas(CacheLine) Target {
  InputPort *Port;
  uint32_t Slot;              // this producer's slot in Port->ProducerSlots
  uint32_t Inst;              // for messages
  Relaxed<uint64_t> Sent = 0; // messages, by the one producer of this edge
  /// ASPEN_TRACE: the key of this edge's arrows: the target queue's, or
  /// for a fan-in queue on another node, the edge's own (the transport
  /// there passes the message on with an arrow of the queue's).
  uint64_t FlowKey = 0;
  /// An edge into a reduce its receivers run (directReduces): this
  /// participant's ring at every receiver, in receiver order, where its
  /// contributions go instead (a copy for all but the first).
  std::shared_ptr<std::vector<Target>> Direct = nullptr;
};

struct alignas(CacheLine) OutputPort {
  std::vector<Target> Targets;
  uint32_t Next = 0; // round-robin position; only the owner touches it
  bool WarnedDrop = false;
};
static_assert(sizeof(Target) == CacheLine && sizeof(OutputPort) == CacheLine,
              "a line each: no sender writes a line another one reads");

struct Instance {
  std::string Name;
  uint32_t Index = 0, Count = 1;
  ModuleType *Type = nullptr;
  std::unique_ptr<ModuleBase> Obj;
  std::unique_ptr<InputPort[]> Inputs;
  std::vector<OutputPort> Outputs;
  Fiber F;
  // What the instance waits for, for deadlock reports.
  enum Wait { None, Dequeue, Send };
  Relaxed<Wait> Blocked = None;
  // ASPEN_STATS: time parked, by reason (read while it runs on a signal).
  Relaxed<uint64_t> DequeueNs = 0, SendNs = 0;
  Relaxed<uint32_t> BlockedPort = 0;
  /// A receive on several queues or from one sender (io/Receive.cpp), for
  /// reports: every port waited on (BlockedPort is the first), and the
  /// sender waited for, or -1. Kept here, not on the fiber's stack, which
  /// may be copied aside while it waits. WaitPorts may be reallocated
  /// while a live dump runs, so that reads only NumWaitPorts.
  std::vector<uint32_t> WaitPorts;
  Relaxed<uint32_t> NumWaitPorts = 0;
  Relaxed<int32_t> WaitSender = -1;
  /// Where a choice starts looking next, so that no queue starves.
  uint32_t ChoiceNext = 0;
  /// The hostfile node the instance runs on; only local ones have fibers
  /// and queues.
  uint32_t Node = 0;
  /// A reduce that its receivers run (directReduces): it has no edges.
  bool RunByReceivers = false;
};

/// The runtime's view of a module object: the instance it runs as.
struct ModuleAccess {
  static Instance *&self(ModuleBase &M) { return M.Self; }
};

/// The whole program as the generated main() registers it.
struct Runtime {
  int Argc = 0;
  char **Argv = nullptr;
  /// The command line's arguments for the program's modules: those after
  /// `--` and those the runtime does not own (aspen::programArgs()).
  std::vector<std::string> ProgramArgs;
  std::vector<std::unique_ptr<ModuleType>> Modules;
  std::vector<std::unique_ptr<Instance>> Instances;
  std::vector<uint32_t> Edges; // quads: from, fromPort, to, toPort
  std::vector<NodeInfo> Nodes; // empty: one node
  size_t QueueCapacity = 256;
  /// ASPEN_QUEUE_SMALL_CAPACITY: the bound for small elements on the
  /// queues between instances (not on the rings of a queue kept by sender,
  /// of a reduce its receivers run, or into the transport).
  size_t QueueSmallCapacity = 4096;
  Scheduler::Options SchedOpts;
  Scheduler *Sched = nullptr;
};
Runtime &runtime();

/// The scheduler of the current run: send and dequeue read it on every
/// call, so it is a plain global rather than a function-local static.
extern Scheduler *GSched;
/// ASPEN_STATS=1: count depths and parked time (the slow paths only).
extern bool StatsEnabled;

/// Before parking, wait briefly for a producer or consumer that is running
/// on another worker: parking and waking cost a steal and two context
/// switches, far more than a short spin when the other side is active.
inline constexpr int SpinIterations = 512;
/// Messages a consumer takes between two parks from which its producers'
/// wake-up barrier becomes free and its own park a system call
/// (InputPort::LightWake): a heavyBarrier costs 2 to 15 us here, a full
/// fence on a send 5 to 30 ns. As many as a queue holds of small elements
/// (ASPEN_QUEUE_SMALL_CAPACITY's default): at 1,024, a fine-grained
/// collector whose bursts came near it switched at every other park and
/// paid membarrier at each (RDE's prime counting, 2,800 calls a run).
inline constexpr uint64_t LightWakePops = 4096;
/// The same for a producer that parks on a full queue: fewer pops than
/// this since a producer last parked there keep the fences on both sides
/// (InputPort::HeavyProducers).
inline constexpr uint64_t LightStreamPops = 1024;
/// How many times SpinIterations a wait spins when its park would cost a
/// heavyBarrier (a membarrier: tens of microseconds in a virtual machine):
/// streaming parked about 440 times a run with the plain spin, 20 with this.
inline constexpr int HeavyParkSpinFactor = 8;
inline void cpuPause() { __builtin_ia32_pause(); }

/// Sends one message from I's output port Port to one of its targets,
/// parking I while the target's queue is full.
void pushTo(Instance &I, unsigned Port, Target &T, QueueElement &&E);
/// Instance I's next element on input Port (null for an empty element that
/// was sent), waiting while there is none; null with Ended set at the end
/// of the stream. ModuleBase::aspenDequeue, which cannot tell the two
/// apart, is this; collectives, which must, call it themselves.
Payload *dequeueOrEnd(Instance &I, unsigned Port, bool &Ended);
/// ASPEN_TRACE: I took an element from input Port at TPop (after a slice
/// from Start): a dequeue slice ending the message's arrow.
void traceDequeue(Instance &I, unsigned Port, uint64_t Start, uint64_t TPop);
/// After a push: wakes the port's consumer if it waits (the Dekker
/// partner of the consumer's publish-then-recheck).
void wakeConsumer(InputPort &In);
/// The consumer's barrier between publishing itself in In.Consumer and
/// looking at the queue again, for a wait that does not choose the mode
/// (InputPort::LightWake): heavy while the port's producers' is free.
inline void consumerBarrier(const InputPort &In) {
  if (In.LightWake.load(std::memory_order_relaxed))
    heavyBarrier();
  else
    fullFence();
}
/// A waiting producer's barrier between registering in its slot and
/// trying the queue again, for a wait that does not choose the mode
/// (InputPort::HeavyProducers).
inline void producerBarrier(const InputPort &In) {
  if (In.HeavyProducers.load(std::memory_order_relaxed))
    heavyBarrier();
  else
    fullFence();
}
/// After a pop: wakes the producers that wait for room.
void wakeProducers(InputPort &In);
/// Producer Slot of the port has ended; at the last, the stream is closed.
void closeProducer(InputPort &In, uint32_t Slot);
/// The scheduler of the current run.
Scheduler *currentScheduler();
/// The instance whose module object is being made on this thread (what
/// ModuleBase's constructor reads), set around the module's factory.
extern thread_local Instance *Constructing;
/// run() has returned: every queue I feeds loses a producer.
void closeOutputs(Instance &I);
/// How messages name port Port of module M: "its default input queue",
/// "output queue 'q'", "the contribution of 'p[0]'". Kind: "input" or
/// "output".
std::string queueName(const ModuleType &M, uint32_t Port, const char *Kind);

} // namespace aspen::rt

#endif // ASPEN_RT_CORE_GRAPH_H

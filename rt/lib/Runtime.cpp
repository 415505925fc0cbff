//===- Runtime.cpp - Instances, ports, send and dequeue -------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The generated main() describes the elaborated graph through the ABI in
// abi.def; this file builds it (one queue per connected input port: SPSC
// when one edge feeds it, MPSC for fan-in), runs every instance as a fiber,
// and implements send and dequeue with bounded queues and parking:
//
//   send:    push, or park in the target port's producer slot until the
//            consumer frees a cell; then wake the consumer if it waits.
//   dequeue: pop, or publish the instance as the port's consumer and park
//            until a producer pushes; then wake producers that wait.
//
// Environment: ASPEN_WORKERS (worker threads), ASPEN_QUEUE_CAPACITY
// (elements per queue, default 256), ASPEN_STACK_SIZE (bytes per instance
// stack, default 256 KiB), ASPEN_PIN=0 (do not bind workers to cores),
// ASPEN_STATS=1 (print messages per edge, queue high-water marks and time
// parked per instance at the end), ASPEN_DUMP=FILE (the live graph as DOT,
// on a deadlock or SIGUSR1).
//
//===----------------------------------------------------------------------===//

#include "aspen/runtime.h"
#include "Collectives.h"
#include "Demangle.h"
#include "Env.h"
#include "Io.h"
#include "Net.h"
#include "RuntimeImpl.h"
#include "Scheduler.h"
#include "Trace.h"
#include "WireRegistry.h"
#include "aspen/rt/abi.h"
#include <atomic>
#include <boost/context/detail/exception.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <pthread.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace aspen;
using namespace aspen::rt;

namespace aspen::rt {

namespace {
struct Runtime {
  int Argc = 0;
  char **Argv = nullptr;
  std::vector<std::unique_ptr<ModuleType>> Modules;
  std::vector<std::unique_ptr<Instance>> Instances;
  std::vector<uint32_t> Edges;      // quads: from, fromPort, to, toPort
  std::vector<net::NodeInfo> Nodes; // empty: one node
  size_t QueueCapacity = 256;
  Scheduler::Options SchedOpts;
  Scheduler *Sched = nullptr;
};

Runtime &runtime() {
  static Runtime R;
  return R;
}

/// ASPEN_STATS=1: count depths and parked time (the slow paths only).
bool StatsEnabled = false;

/// Statistics and traces share one clock.
inline uint64_t nowNs() { return trace::now(); }

/// The scheduler of the current run: send and dequeue read it on every call,
/// so it is a plain global rather than a function-local static.
Scheduler *GSched = nullptr;
} // namespace

Scheduler *currentScheduler() { return GSched; }

// Dekker with the consumer's publish-then-recheck in aspenDequeue.
void wakeConsumer(InputPort &In) {
  fullFence();
  if (In.Consumer.load(std::memory_order_relaxed))
    if (Fiber *C = In.Consumer.exchange(nullptr, std::memory_order_acq_rel))
      GSched->wake(C);
}

// Dekker with a producer's register-then-recheck in aspenSend.
void wakeProducers(InputPort &In) {
  fullFence();
  if (In.ProducersWaiting.load(std::memory_order_relaxed) > 0)
    for (uint32_t K = 0; K < In.NumProducers; ++K)
      if (In.ProducerSlots[K].load(std::memory_order_relaxed))
        if (Fiber *F = In.ProducerSlots[K].exchange(nullptr)) {
          In.ProducersWaiting.fetch_sub(1, std::memory_order_relaxed);
          GSched->wake(F);
        }
}

void closeProducer(InputPort &In) {
  if (In.OpenProducers.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  fullFence();
  if (Fiber *C = In.Consumer.exchange(nullptr, std::memory_order_acq_rel))
    GSched->wake(C);
}

namespace {

/// ASPEN_STATS=1: messages per edge, queue high-water marks, time parked.
void reportStats(double Seconds) {
  Runtime &R = runtime();
  size_t Edges = 0;
  for (auto &I : R.Instances)
    for (OutputPort &O : I->Outputs)
      Edges += O.Targets.size();
  std::fprintf(stderr, "aspen: stats: %zu instances, %zu edges, %.3f s, %s\n",
               R.Instances.size(), Edges, Seconds,
               R.Sched ? R.Sched->placement().c_str() : "no workers");
  for (auto &I : R.Instances)
    for (size_t Port = 0; Port < I->Outputs.size(); ++Port)
      for (Target &T : I->Outputs[Port].Targets) {
        Instance &To = *R.Instances[T.Inst];
        std::string From = I->Name, Dest = To.Name;
        if (!I->Type->Builtin && Port)
          From += "." + I->Type->Outputs[Port];
        std::fprintf(stderr,
                     "  edge %s -> %s: %llu messages, queue high-water %zu of "
                     "%zu\n",
                     From.c_str(), Dest.c_str(), (unsigned long long)T.Sent,
                     T.Port->HighWater.load(), R.QueueCapacity);
      }
  for (auto &I : R.Instances)
    if (I->DequeueNs || I->SendNs)
      std::fprintf(stderr,
                   "  instance %s: parked %.3f s in dequeue, %.3f s in send\n",
                   I->Name.c_str(), I->DequeueNs / 1e9, I->SendNs / 1e9);
}

/// run() has returned: every queue this instance feeds loses a producer, and
/// a consumer waiting on a queue that just closed is woken to see the end.
void closeOutputs(Instance &I) {
  for (OutputPort &O : I.Outputs)
    for (Target &T : O.Targets)
      closeProducer(*T.Port);
}

/// Before parking, wait briefly for a producer or consumer that is running
/// on another worker: parking and waking cost a steal and two context
/// switches, far more than a short spin when the other side is active.
constexpr int SpinIterations = 512;

inline void cpuPause() { __builtin_ia32_pause(); }

bool spinPop(InputPort &In, Payload *&P) {
  if (!In.Spsc && !In.Mpsc)
    return false;
  if (!GSched->maySpin())
    return false;
  for (int K = 0; K < SpinIterations; ++K) {
    cpuPause();
    if (In.tryPop(P))
      return true;
  }
  return false;
}

bool spinPush(InputPort &In, Payload *P) {
  if (!GSched->maySpin())
    return false;
  for (int K = 0; K < SpinIterations; ++K) {
    cpuPause();
    if (In.tryPush(P))
      return true;
  }
  return false;
}

/// Whether a file named by environment variable Var can be written where
/// it is (the file itself is made only when there is something to write);
/// says why not.
static bool checkWritable(const char *Var, const char *Path) {
  if (!Path)
    return true;
  std::string Dir = Path;
  size_t Slash = Dir.rfind('/');
  Dir = Slash == std::string::npos ? "."
        : Slash == 0               ? "/"
                                   : Dir.substr(0, Slash);
  struct stat St;
  const char *Why = nullptr;
  if (::stat(Path, &St) == 0 && S_ISDIR(St.st_mode))
    Why = "it is a directory";
  else if (::stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
    Why = "no such directory";
  else if (::access(Dir.c_str(), W_OK | X_OK) != 0)
    Why = "its directory is not writable";
  if (!Why)
    return true;
  std::fprintf(stderr, "aspen: error: cannot write %s file '%s': %s\n", Var,
               Path, Why);
  return false;
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

/// ASPEN_DUMP=FILE: the live graph as Graphviz DOT (each instance with
/// what it waits for, each edge with its messages and its queue's depth),
/// written on a deadlock and whenever the process gets SIGUSR1. Read while
/// the program runs, so the figures are a snapshot, not a consistent cut.
/// The node this process runs (distributed runs); other nodes' instances
/// are not reported here.
uint32_t SelfNode = 0;

const char *DumpPath = nullptr;

void writeDump() {
  Runtime &R = runtime();
  FILE *F = std::fopen(DumpPath, "w");
  if (!F) {
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_DUMP file '%s'\n",
                 DumpPath);
    return;
  }
  auto Quote = [](const std::string &S) {
    std::string Q = "\"";
    for (char C : S)
      Q += C == '\n'                 ? std::string("\\n")
           : (C == '"' || C == '\\') ? std::string("\\") + C
                                     : std::string(1, C);
    return Q + "\"";
  };
  std::fprintf(F, "digraph aspen {\n  rankdir=LR; node [shape=box];\n");
  for (size_t K = 0; K < R.Instances.size(); ++K) {
    Instance &I = *R.Instances[K];
    if (I.Node != SelfNode) { // another node's: where it is, not its state
      std::fprintf(F, "  i%zu [label=%s, style=dashed];\n", K,
                   Quote(I.Name + "\non node " + R.Nodes[I.Node].Name).c_str());
      continue;
    }
    int St = I.F.St.load();
    std::string State =
        St == Fiber::Done ? "finished"
        : I.Blocked == Instance::Dequeue
            ? "waits in dequeue on " +
                  queueName(*I.Type, I.BlockedPort, "input")
        : I.Blocked == Instance::Send
            ? "waits in send on " + queueName(*I.Type, I.BlockedPort, "output")
            : "running or runnable";
    const char *Color = St == Fiber::Done             ? "grey"
                        : I.Blocked != Instance::None ? "red"
                                                      : "black";
    if (std::string Net = describeSNet(I); !Net.empty())
      State += "\n" + Net;
    std::fprintf(F, "  i%zu [label=%s, color=%s%s];\n", K,
                 Quote(I.Name + "\n" + State).c_str(), Color,
                 I.Type->Builtin ? ", shape=diamond" : "");
  }
  for (size_t K = 0; K < R.Instances.size(); ++K)
    for (OutputPort &O : R.Instances[K]->Outputs)
      for (Target &T : O.Targets)
        std::fprintf(F, "  i%zu -> i%u [label=\"%llu sent, %zu queued\"];\n", K,
                     T.Inst, (unsigned long long)T.Sent, T.Port->size());
  std::fprintf(F, "}\n");
  // A file that opens but takes no data (/proc/version, a full disk) is
  // as lost as one that does not open.
  if (std::ferror(F) | std::fclose(F))
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_DUMP file '%s'\n",
                 DumpPath);
}

void reportDeadlock() {
  Runtime &R = runtime();
  if (DumpPath)
    writeDump();
  std::fflush(stdout);
  std::cout.flush();
  std::fprintf(stderr, "aspen: error: deadlock: no module instance can make "
                       "progress\n");
  unsigned Shown = 0, Blocked = 0;
  for (auto &IPtr : R.Instances) {
    Instance &I = *IPtr;
    if (I.F.St.load() == Fiber::Done || I.Node != SelfNode)
      continue;
    ++Blocked;
    if (++Shown > 20)
      continue;
    if (I.Blocked == Instance::Dequeue) {
      std::fprintf(stderr, "  '%s' waits in dequeue on %s, which is empty\n",
                   I.Name.c_str(),
                   queueName(*I.Type, I.BlockedPort, "input").c_str());
    } else if (I.Blocked == Instance::Send) {
      std::fprintf(stderr,
                   "  '%s' waits in send on %s, whose target queue "
                   "is full\n",
                   I.Name.c_str(),
                   queueName(*I.Type, I.BlockedPort, "output").c_str());
    } else {
      std::fprintf(stderr, "  '%s' has not finished\n", I.Name.c_str());
    }
    // A network: what is stuck inside it, a line each, indented.
    std::string Net = describeSNet(I);
    for (size_t Pos = 0; !Net.empty() && Pos != std::string::npos;) {
      size_t End = Net.find('\n', Pos);
      std::fprintf(
          stderr, "    %s\n",
          Net.substr(Pos, End == std::string::npos ? End : End - Pos).c_str());
      Pos = End == std::string::npos ? End : End + 1;
    }
  }
  if (Shown > 20)
    std::fprintf(stderr, "  ... and %u more\n", Blocked - 20);
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

namespace {
thread_local Instance *Constructing = nullptr;
} // namespace
Instance *aspen::rt::constructing() { return Constructing; }

int ModuleBase::instanceIndex() const { return int(AspenSelf->Index); }
int ModuleBase::instanceCount() const { return int(AspenSelf->Count); }
const char *ModuleBase::instanceName() const { return AspenSelf->Name.c_str(); }

void ModuleBase::aspenSend(unsigned Port, QueueElement &&E) {
  Instance &I = *AspenSelf;
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
  return unsigned(AspenSelf->Outputs[0].Targets.size());
}

void ModuleBase::sendTo(unsigned Target, QueueElement &&E) {
  Instance &I = *AspenSelf;
  OutputPort &O = I.Outputs[0];
  if (Target >= O.Targets.size())
    throw std::out_of_range("sendTo: target " + std::to_string(Target) +
                            " of '" + I.Name +
                            "', whose default output queue has " +
                            std::to_string(O.Targets.size()) + " target(s)");
  pushTo(I, 0, O.Targets[Target], std::move(E));
}

namespace aspen::rt {
// One message onto the queue of one target, waiting while it is full.
void pushTo(Instance &I, unsigned Port, Target &T, QueueElement &&E) {
  InputPort &In = *T.Port;
  Payload *P = E.release();
  if (!In.tryPush(P) && !spinPush(In, P)) {
    // Full: park in our producer slot until the consumer frees a cell.
    Scheduler *S = GSched;
    std::atomic<Fiber *> &Slot = In.ProducerSlots[T.Slot];
    for (;;) {
      I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
      Slot.store(&I.F, std::memory_order_relaxed);
      In.ProducersWaiting.fetch_add(1, std::memory_order_seq_cst);
      bool Pushed = In.tryPush(P);
      if (!Pushed) {
        I.Blocked = Instance::Send;
        I.BlockedPort = Port;
        uint64_t T0 = StatsEnabled || trace::Enabled ? nowNs() : 0;
        S->park();
        if (StatsEnabled)
          I.SendNs += nowNs() - T0;
        if (trace::Enabled)
          trace::record(trace::ParkedSend, &I.Name,
                        &runtime().Instances[T.Inst]->Name, T0, nowNs());
        I.Blocked = Instance::None;
        Pushed = In.tryPush(P);
      } else {
        I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      }
      if (Slot.exchange(nullptr, std::memory_order_acq_rel))
        In.ProducersWaiting.fetch_sub(1, std::memory_order_relaxed);
      if (Pushed)
        break;
    }
  }
  ++T.Sent;
  if (trace::Enabled)
    trace::record(trace::Send, &I.Name, &runtime().Instances[T.Inst]->Name,
                  trace::now());
  if (StatsEnabled) {
    size_t Depth = In.size(),
           Seen = In.HighWater.load(std::memory_order_relaxed);
    while (Depth > Seen && !In.HighWater.compare_exchange_weak(Seen, Depth))
      ;
  }
  wakeConsumer(In);
}
} // namespace aspen::rt

QueueElement ModuleBase::aspenDequeue(unsigned Port) {
  bool Ended;
  return QueueElement(dequeueOrEnd(*AspenSelf, Port, Ended));
}

// The next element (an empty one may have been sent), or null with Ended
// set at the end of the stream.
Payload *aspen::rt::dequeueOrEnd(Instance &I, unsigned Port, bool &Ended) {
  InputPort &In = I.Inputs[Port];
  Payload *P = nullptr;
  Ended = false;
  if (!In.tryPop(P) && !spinPop(In, P)) {
    Scheduler *S = GSched;
    for (;;) {
      // Closed and drained: the end of the stream. The count is read before
      // the queue, so a message sent before its producer ended is never
      // missed.
      if (In.OpenProducers.load(std::memory_order_acquire) == 0) {
        if (In.tryPop(P))
          break;
        Ended = true;
        return nullptr;
      }
      I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
      In.Consumer.store(&I.F, std::memory_order_relaxed);
      fullFence();
      // An element popped here may be an empty one that was sent: it is
      // delivered, not taken for a wake-up.
      bool Got = In.tryPop(P);
      if (Got || In.OpenProducers.load(std::memory_order_acquire) == 0) {
        In.Consumer.store(nullptr, std::memory_order_relaxed);
        I.F.St.store(Fiber::Running, std::memory_order_relaxed);
        if (Got)
          break;
        continue;
      }
      I.Blocked = Instance::Dequeue;
      I.BlockedPort = Port;
      uint64_t T0 = StatsEnabled || trace::Enabled ? nowNs() : 0;
      S->park();
      if (StatsEnabled)
        I.DequeueNs += nowNs() - T0;
      if (trace::Enabled)
        trace::record(trace::ParkedDequeue, &I.Name, &I.Type->Inputs[Port], T0,
                      nowNs());
      I.Blocked = Instance::None;
      if (In.tryPop(P))
        break;
    }
  }
  wakeProducers(In);
  if (trace::Enabled)
    trace::record(trace::Dequeue, &I.Name, &I.Type->Inputs[Port], trace::now());
  return P;
}

//===----------------------------------------------------------------------===//
// The ABI (abi.def)
//===----------------------------------------------------------------------===//

using namespace aspen::rtabi;

extern "C" void aspen_rt_init(I32 Argc, Ptr Argv) {
  keepLargeBlocks();
  Runtime &R = runtime();
  R.Argc = Argc;
  R.Argv = static_cast<char **>(const_cast<void *>(Argv));
  R.QueueCapacity = envSize("ASPEN_QUEUE_CAPACITY", 256, 2, 1u << 24);
  R.SchedOpts.Workers = unsigned(envSize("ASPEN_WORKERS", 0, 1, 4096));
  R.SchedOpts.StackSize =
      envSize("ASPEN_STACK_SIZE", 256 * 1024, 16 * 1024, size_t(1) << 30);
  DumpPath = std::getenv("ASPEN_DUMP");
  if (DumpPath && !*DumpPath)
    DumpPath = nullptr;
  StatsEnabled = envFlag("ASPEN_STATS", false);
  R.SchedOpts.Pin = envFlag("ASPEN_PIN", true);
  // Node processes sharing a machine get disjoint cores from the launcher.
  R.SchedOpts.FirstCore = unsigned(envSize("ASPEN_FIRST_CORE", 0, 0, 1 << 20));
  checkSNetEnvironment();
  setReduceSegmentBytes(
      envSize("ASPEN_REDUCE_SEGMENT_BYTES", 64 * 1024, 0, size_t(1) << 40));
}

extern "C" U32 aspen_rt_add_module(Ptr Name, Ptr Factory, U32 NumInputs,
                                   Ptr InputNames, U32 NumOutputs,
                                   Ptr OutputNames) {
  Runtime &R = runtime();
  auto M = std::make_unique<ModuleType>();
  M->Name = static_cast<const char *>(Name);
  M->Factory = reinterpret_cast<ModuleBase *(*)()>(const_cast<void *>(Factory));
  auto In = static_cast<const char *const *>(InputNames);
  auto Out = static_cast<const char *const *>(OutputNames);
  for (U32 K = 0; K < NumInputs; ++K)
    M->Inputs.push_back(In[K]);
  for (U32 K = 0; K < NumOutputs; ++K)
    M->Outputs.push_back(Out[K]);
  R.Modules.push_back(std::move(M));
  return U32(R.Modules.size() - 1);
}

extern "C" U32 aspen_rt_add_instances(U32 Module, Ptr Name, U32 Count,
                                      U32 IsVector) {
  Runtime &R = runtime();
  U32 First = U32(R.Instances.size());
  ModuleType *M = R.Modules[Module].get();
  for (U32 K = 0; K < Count; ++K) {
    auto I = std::make_unique<Instance>();
    I->Name = static_cast<const char *>(Name);
    if (IsVector)
      I->Name += "[" + std::to_string(K) + "]";
    I->Index = K;
    I->Count = IsVector ? Count : 1;
    I->Type = M;
    I->Inputs.reset(new InputPort[M->Inputs.size()]);
    I->Outputs.resize(M->Outputs.size());
    R.Instances.push_back(std::move(I));
  }
  return First;
}

extern "C" U32 aspen_rt_add_collective(U32 Kind, Ptr Name, U32 Op, Ptr UserOp,
                                       U32 NumSources, Ptr SourceNames,
                                       U32 NumReceivers, Ptr ReceiverNames) {
  Runtime &R = runtime();
  auto M = std::make_unique<ModuleType>();
  std::string N = static_cast<const char *>(Name);
  static const char *const KindNames[] = {"Reduce", "Broadcast", "Reduce",
                                          "Gather", "Scatter",   "AllToAll"};
  M->Name = Kind < 6 ? KindNames[Kind] : "Reduce";
  M->Builtin = true;
  auto In = static_cast<const char *const *>(SourceNames);
  auto Out = static_cast<const char *const *>(ReceiverNames);
  bool OneInput = Kind == 1 || Kind == 4; // Broadcast, Scatter
  U32 Ports = OneInput ? 1 : NumSources;
  M->Inputs.clear();
  M->Outputs.clear();
  for (U32 K = 0; K < Ports; ++K)
    M->Inputs.push_back(OneInput ? "sources" : In[K]);
  for (U32 K = 0; K < NumReceivers; ++K)
    M->Outputs.push_back(Out[K]);
  auto User = reinterpret_cast<UserReduceFn>(const_cast<void *>(UserOp));
  if (Kind == 2) {
    ModuleType *MT = M.get(); // its steps come with aspen_rt_set_plan
    M->Factory = [N, Op, User, MT] {
      return makePlanReduce(N, ReduceOp(Op), User, &MT->Plan);
    };
  } else if (Kind == 0)
    M->Factory = [N, Op, User, Ports, NumReceivers] {
      return makeReduce(N, ReduceOp(Op), User, Ports, NumReceivers);
    };
  else if (Kind == 3 || Kind == 4 || Kind == 5)
    M->Factory = [N, Kind, Ports, NumReceivers] {
      return makeDataMovement(N, DataMovement(Kind - 3), Ports, NumReceivers);
    };
  else
    M->Factory = [N, NumReceivers] { return makeBroadcast(N, NumReceivers); };
  R.Modules.push_back(std::move(M));
  U32 Id = aspen_rt_add_instances(U32(R.Modules.size() - 1), Name, 1, 0);
  return Id;
}

extern "C" void aspen_rt_set_plan(U32 Inst, Ptr Table, U64 Count) {
  auto T = static_cast<const U32 *>(Table);
  ModuleType *M = runtime().Instances[Inst]->Type;
  for (U64 K = 0; K < Count; ++K)
    M->Plan.push_back({T[3 * K], T[3 * K + 1], T[3 * K + 2]});
}

extern "C" void aspen_rt_add_edges(Ptr Table, U64 Count) {
  auto T = static_cast<const U32 *>(Table);
  runtime().Edges.insert(runtime().Edges.end(), T, T + 4 * Count);
}

extern "C" void aspen_rt_add_node(Ptr Name, U32 Port) {
  net::NodeInfo N;
  N.Name = N.Host = static_cast<const char *>(Name);
  N.Port = uint16_t(Port);
  runtime().Nodes.push_back(std::move(N));
}

extern "C" void aspen_rt_place(Ptr Table, U64 Count) {
  Runtime &R = runtime();
  auto T = static_cast<const U32 *>(Table);
  for (U64 K = 0; K < Count && K < R.Instances.size(); ++K)
    R.Instances[K]->Node = T[K];
}

namespace {
std::string portLabel(const Instance &I, uint32_t Port, bool Output) {
  const auto &Names = Output ? I.Type->Outputs : I.Type->Inputs;
  if (I.Type->Builtin || Port == 0)
    return I.Name;
  return I.Name + "." + Names[Port];
}

/// Identifies the program, so nodes of different builds never talk.
uint64_t programHash(const Runtime &R) {
  uint64_t H = 1469598103934665603ull;
  auto Mix = [&H](const void *P, size_t N) {
    for (size_t K = 0; K < N; ++K)
      H = (H ^ static_cast<const unsigned char *>(P)[K]) * 1099511628211ull;
  };
  for (const auto &I : R.Instances) {
    Mix(I->Name.data(), I->Name.size());
    Mix(&I->Node, sizeof I->Node);
  }
  Mix(R.Edges.data(), R.Edges.size() * sizeof(uint32_t));
  for (const net::NodeInfo &N : R.Nodes)
    Mix(N.Name.data(), N.Name.size());
  return H;
}

/// The per-node settings of a distributed run, from the environment the
/// launcher (or a cluster's) gives each node process.
net::Config nodeConfig(const Runtime &R, uint32_t Self) {
  net::Config C;
  C.Nodes = R.Nodes;
  C.Self = Self;
  C.ProgramHash = programHash(R);
  C.QueueCapacity = R.QueueCapacity;
  if (const char *Peers = std::getenv("ASPEN_PEERS")) {
    // host:port,host:port,... as the launcher resolved and bound them.
    std::string S = Peers;
    size_t At = 0;
    for (net::NodeInfo &N : C.Nodes) {
      size_t Comma = S.find(',', At), Colon = S.rfind(':', Comma);
      if (Colon == std::string::npos || Colon < At)
        break;
      N.Host = S.substr(At, Colon - At);
      // An IPv6 address comes bracketed, [::1]:port; the resolver wants it
      // bare.
      if (N.Host.size() > 2 && N.Host.front() == '[' && N.Host.back() == ']')
        N.Host = N.Host.substr(1, N.Host.size() - 2);
      N.Port =
          uint16_t(std::atoi(S.substr(Colon + 1, Comma - Colon - 1).c_str()));
      if (Comma == std::string::npos)
        break;
      At = Comma + 1;
    }
  }
  for (net::NodeInfo &N : C.Nodes)
    if (N.Port == 0)
      N.Port = uint16_t(envSize("ASPEN_PORT", 47470, 1, 65535));
  if (const char *Fd = std::getenv("ASPEN_LISTEN_FD"))
    C.ListenFd = std::atoi(Fd);
  const char *Secret = std::getenv("ASPEN_JOB_SECRET");
  if (Secret && *Secret &&
      (std::strlen(Secret) != 32 ||
       std::strspn(Secret, "0123456789abcdefABCDEF") != 32)) {
    // Checked, not mended: a secret of other digits or length would have
    // become a weaker one without a word.
    std::fprintf(stderr,
                 "aspen: error: ASPEN_JOB_SECRET must be 32 hexadecimal "
                 "digits (16 random bytes, as `openssl rand -hex 16` "
                 "prints)\n");
    std::exit(2);
  }
  std::string Seed;
  if (Secret && *Secret) {
    for (size_t K = 0; K < 32; K += 2)
      Seed +=
          char(std::strtoul(std::string(Secret + K, 2).c_str(), nullptr, 16));
  } else {
    // Started by a cluster launcher without a secret: the job id is all
    // the nodes share (docs/runtime.md says to export ASPEN_JOB_SECRET).
    std::string Job;
    for (const char *V : {"SLURM_JOB_ID", "OMPI_MCA_ess_base_jobid", "PMI_ID",
                          "PMIX_NAMESPACE"})
      if (const char *J = std::getenv(V))
        Job += J;
    uint64_t H = C.ProgramHash;
    for (char Ch : Job)
      H = (H ^ uint8_t(Ch)) * 1099511628211ull;
    Seed.append(reinterpret_cast<const char *>(&H), 8);
    H = H * 6364136223846793005ull + 1442695040888963407ull;
    Seed.append(reinterpret_cast<const char *>(&H), 8);
  }
  C.Secret = Seed;
  C.ConnectTimeout = double(envSize("ASPEN_CONNECT_TIMEOUT", 30, 1, 86400));
  C.PeerTimeout = double(envSize("ASPEN_PEER_TIMEOUT", 10, 1, 86400));
  C.MaxFrame = envSize("ASPEN_MAX_FRAME", 256 << 20, 1024, size_t(1) << 31);
  C.WindowMessages = uint32_t(envSize("ASPEN_NET_WINDOW", 64, 1, 1 << 20));
  C.WindowBytes =
      envSize("ASPEN_NET_WINDOW_BYTES", C.WindowBytes, 4096, size_t(1) << 34);
  C.QueueBytes =
      envSize("ASPEN_NET_QUEUE_BYTES", 16 << 20, 4096, size_t(1) << 34);
  return C;
}
} // namespace

namespace {
/// Between the start and the end of the scheduler's run.
std::atomic<bool> JobRunning{false};

/// std::exit(N) called by an instance (or a thread it started) while the
/// job runs: the process ends with status N, as in any C++ program, with
/// what it printed flushed. Left to itself, exit() would run the static
/// destructors under the running workers and fibers (a suspended fiber's
/// unwinding then aborts the process, losing buffered output). Registered
/// just before the run, so it comes before every destructor registered
/// earlier; after the run it does nothing and exit() proceeds as usual.
/// On several nodes the others see the connection close and stop, naming
/// this node.
void exitWhileRunning(int Status, void *) {
  if (!JobRunning.load(std::memory_order_acquire))
    return;
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  _exit(Status);
}

void endOnExitWhileRunning() {
  static bool Registered = on_exit(exitWhileRunning, nullptr) == 0;
  (void)Registered;
}
} // namespace

namespace {
/// "module Worker", or for an S-Net network (whose generated module is
/// named after the instance) "a network".
std::string whatIs(const Instance &I) {
  return I.Type->Name == I.Name ? std::string("a network")
                                : "module " + I.Type->Name;
}
} // namespace

extern "C" I32 aspen_rt_run() {
  Runtime &R = runtime();
  // `--hostfile FILE` names the machines to run on now; it is the only
  // argument (settings are environment variables), so anything else is a
  // mistake to report, such as `--hostfle`, which would otherwise run the
  // program on this machine alone.
  const char *Hostfile = nullptr;
  for (int K = 1; K < R.Argc; ++K) {
    const char *A = R.Argv[K], *Value = nullptr;
    if (std::strcmp(A, "--help") == 0 || std::strcmp(A, "-h") == 0) {
      std::printf("usage: %s [--hostfile FILE]\n"
                  "  --hostfile FILE  run on the nodes FILE lists (one "
                  "'NAME [slots=N] [port=P]' per line)\n"
                  "Settings are environment variables (ASPEN_WORKERS, "
                  "ASPEN_TRACE, ...): see docs/runtime.md.\n",
                  R.Argv[0]);
      return 0;
    }
    if (std::strcmp(A, "--hostfile") == 0) {
      if (K + 1 == R.Argc) {
        std::fprintf(stderr, "aspen: error: --hostfile needs a file name\n");
        return 2;
      }
      Value = R.Argv[++K];
    } else if (std::strncmp(A, "--hostfile=", 11) == 0) {
      Value = A + 11;
    } else {
      std::fprintf(stderr,
                   "aspen: error: unknown argument '%s' (the program takes "
                   "only '--hostfile FILE'; its settings are environment "
                   "variables, see --help)\n",
                   A);
      return 2;
    }
    if (Hostfile) {
      std::fprintf(stderr, "aspen: error: --hostfile given twice\n");
      return 2;
    }
    Hostfile = Value;
  }
  if (Hostfile) {
    std::vector<net::NodeInfo> Nodes = R.Nodes;
    if (Nodes.empty())
      Nodes.resize(1); // built for one node
    if (!net::readHostfile(Hostfile, Nodes))
      return 2;
    if (!R.Nodes.empty())
      R.Nodes = Nodes;
  }
  // On several nodes this process is either the launcher or one node.
  uint32_t Self = 0;
  bool Distributed = R.Nodes.size() > 1;
  if (Distributed) {
    int N = net::nodeFromEnvironment(R.Nodes.size());
    if (N < 0) {
      std::fflush(stdout);
      return net::launch(R.Nodes, R.Argc, R.Argv);
    }
    Self = uint32_t(N);
    // Not started by our launcher on this machine (a cluster launcher such
    // as srun or mpirun, or ours over ssh): nodes sharing a machine must
    // neither pin their workers to the same cores nor spin against each
    // other. A launcher that bound this process to some cores has placed
    // it: it uses those. Otherwise it takes its share of the machine by
    // our launcher's rule. ASPEN_PIN and ASPEN_FIRST_CORE still win.
    unsigned Index, Count;
    if (!std::getenv("ASPEN_WORKERS") &&
        net::localNodes(R.Nodes, Self, Index, Count) && Count > 1) {
      CpuBinding B = cpuBinding();
      net::CoreShare Share{B.Cores, true, 0};
      if (B.Whole)
        Share = net::shareCores(Index, Count, B.Cores);
      R.SchedOpts.Workers = Share.Workers;
      if (!std::getenv("ASPEN_PIN"))
        R.SchedOpts.Pin = Share.Pin;
      if (!std::getenv("ASPEN_FIRST_CORE"))
        R.SchedOpts.FirstCore = Share.FirstCore;
      // A share of the whole machine is disjoint from the others' unless
      // there are more nodes than cores (then nobody is pinned); bindings
      // as wide as ours for every node here cannot all be disjoint.
      R.SchedOpts.SharedCores =
          B.Whole ? !Share.Pin : uint64_t(Count) * B.Cores > B.MachineCores;
    }
  }
  auto Local = [&](uint32_t Inst) { return R.Instances[Inst]->Node == Self; };

  // Producer slots first: every edge into a local port is one producer of
  // it (the transport stands in for a remote one).
  for (size_t E = 0; E < R.Edges.size(); E += 4)
    if (Local(R.Edges[E + 2]))
      ++R.Instances[R.Edges[E + 2]]->Inputs[R.Edges[E + 3]].NumProducers;
  for (auto &I : R.Instances)
    for (size_t K = 0; K < I->Type->Inputs.size(); ++K) {
      InputPort &P = I->Inputs[K];
      if (P.NumProducers == 1)
        P.Spsc = std::make_unique<SPSCQueue<Payload *>>(R.QueueCapacity);
      else if (P.NumProducers > 1)
        P.Mpsc = std::make_unique<MPSCQueue<Payload *>>(R.QueueCapacity);
      if (P.NumProducers)
        P.ProducerSlots.reset(new std::atomic<Fiber *>[P.NumProducers]());
      P.OpenProducers.store(P.NumProducers, std::memory_order_relaxed);
      P.NumProducers = 0; // recounted below as slots are handed out
    }
  // Edges with one end here and one on another node are channels of the
  // transport, numbered by edge index.
  std::vector<net::ChannelEnd> Outs, Ins;
  std::vector<uint32_t> InSlot(R.Edges.size() / 4);
  for (size_t E = 0; E < R.Edges.size(); E += 4) {
    uint32_t From = R.Edges[E], To = R.Edges[E + 2];
    if (Local(From) == Local(To))
      continue;
    net::ChannelEnd End;
    End.Id = uint32_t(E / 4);
    End.What = "'" + portLabel(*R.Instances[From], R.Edges[E + 1], true) +
               " -> " + portLabel(*R.Instances[To], R.Edges[E + 3], false) +
               "'";
    if (Local(From)) {
      End.Peer = R.Instances[To]->Node;
      Outs.push_back(End);
    } else {
      InputPort &In = R.Instances[To]->Inputs[R.Edges[E + 3]];
      End.Peer = R.Instances[From]->Node;
      End.Port = &In;
      End.Slot = In.NumProducers++;
      Ins.push_back(End);
    }
  }
  std::unique_ptr<net::Transport> Net;
  if (Distributed)
    Net = std::make_unique<net::Transport>(nodeConfig(R, Self), Outs, Ins);
  for (size_t E = 0; E < R.Edges.size(); E += 4) {
    uint32_t From = R.Edges[E], To = R.Edges[E + 2];
    if (!Local(From))
      continue;
    OutputPort &O = R.Instances[From]->Outputs[R.Edges[E + 1]];
    if (!Local(To)) {
      O.Targets.push_back({Net->outboundPort(uint32_t(E / 4)), 0, To});
      continue;
    }
    InputPort &In = R.Instances[To]->Inputs[R.Edges[E + 3]];
    O.Targets.push_back({&In, In.NumProducers++, To});
  }
  // Where traces and dumps go is checked now, before any node connects or
  // anything runs: a trace lost at the end of a long run, or a dump lost
  // when a hang is finally caught, is worth an error up front.
  // On several nodes each writes a file of its own beside the path given,
  // so a directory there must be refused before the path is changed.
  const char *TraceVar = std::getenv("ASPEN_TRACE");
  if (Distributed &&
      (!checkWritable("ASPEN_DUMP", DumpPath) ||
       !checkWritable("ASPEN_TRACE", TraceVar && *TraceVar ? TraceVar : nullptr)))
    return 2;
  trace::init(R.Nodes.empty() ? "localhost" : R.Nodes[Self].Name, Distributed);
  if (DumpPath && Distributed) {
    // One dump per node, as for traces: live.dot -> live.<node>.dot
    static std::string PerNode;
    PerNode = trace::perNodePath(DumpPath, R.Nodes[Self].Name, ".dot");
    DumpPath = PerNode.c_str();
  }
  if (!checkWritable("ASPEN_DUMP", DumpPath) ||
      !checkWritable("ASPEN_TRACE", trace::Enabled ? trace::path() : nullptr))
    return 2;
  if (Net && !Net->connect())
    return Net->connectStatus();
  SelfNode = Self;
  if (Net)
    Net->onDeadlock(reportDeadlock);

  if (Distributed) {
    R.SchedOpts.Distributed = true;
    R.SchedOpts.OnLocalDone = [&Net] { Net->localDone(); };
  }
  Scheduler Sched(R.SchedOpts);
  R.Sched = GSched = &Sched;
  if (DumpPath) {
    // SIGUSR1 asks for a dump; a thread of its own waits for it, so the
    // dump is written outside any signal handler.
    sigset_t Set;
    sigemptyset(&Set);
    sigaddset(&Set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &Set, nullptr); // inherited by the workers
    std::thread([Set] {
      for (;;) {
        int Sig = 0;
        if (sigwait(&Set, &Sig) == 0 && Sig == SIGUSR1)
          writeDump();
      }
    }).detach();
  }
  for (auto &IPtr : R.Instances) {
    Instance *I = IPtr.get();
    if (!Local(uint32_t(&IPtr - R.Instances.data())))
      continue;
    I->F.Owner = I;
    I->F.TraceName = &I->Name;
    I->F.Body = [I] {
      try {
        {
          // Read by ModuleBase's constructor, before the module's members
          // are initialised (and before any of them can yield).
          struct Making {
            explicit Making(Instance *I) { Constructing = I; }
            ~Making() { Constructing = nullptr; }
          } Scope(I);
          I->Obj.reset(I->Type->Factory());
        }
        if (!I->Obj)
          throw std::logic_error("module has no 'void run()'");
        I->Obj->AspenSelf = I;
        I->Obj->run();
        closeOutputs(*I);
      } catch (boost::context::detail::forced_unwind &) {
        throw; // Boost.Context unwinding a fiber: not ours to stop
      } catch (std::exception &E) {
        std::fflush(stdout);
        std::cout.flush();
        std::fprintf(stderr, "aspen: error: instance '%s' (%s) threw %s: %s\n",
                     I->Name.c_str(), whatIs(*I).c_str(),
                     demangle(typeid(E).name()).c_str(), E.what());
        Scheduler::instance()->stop(4);
      } catch (...) {
        std::fflush(stdout);
        std::cout.flush();
        std::fprintf(stderr,
                     "aspen: error: instance '%s' (%s) threw an "
                     "exception that is not a std::exception\n",
                     I->Name.c_str(), whatIs(*I).c_str());
        Scheduler::instance()->stop(4);
      }
    };
    Sched.spawn(&I->F, I->Type->Builtin);
  }
  uint64_t Start = nowNs();
  if (Net)
    Net->start(Sched);
  endOnExitWhileRunning();
  JobRunning.store(true, std::memory_order_release);
  int Status = Sched.run(reportDeadlock);
  JobRunning.store(false, std::memory_order_release);
  shutdownIo();
  if (Net) {
    std::fflush(stdout);
    std::cout.flush();
    Status = Net->finish(Status);
  }
  if (StatsEnabled) {
    std::fflush(stdout); // what the program printed comes first
    std::cout.flush();
    reportStats((nowNs() - Start) / 1e9);
  }
  std::fflush(stdout);
  std::cout.flush();
  trace::write();
  if (Status != 0)
    std::_Exit(Status); // instances are still suspended: do not unwind them
  // Collectives are still suspended in dequeue: their fibers' stacks went
  // with the scheduler, so they must never be resumed or unwound.
  for (auto &I : R.Instances)
    if (I->F.Ctx)
      (void)new boost::context::fiber(std::move(I->F.Ctx));
  // Everything finished: release what is left in the queues.
  for (auto &I : R.Instances)
    for (size_t K = 0; K < I->Type->Inputs.size(); ++K) {
      Payload *P;
      while (I->Inputs[K].tryPop(P))
        delete P;
    }
  R.Sched = GSched = nullptr;
  return Status;
}

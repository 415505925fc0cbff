//===- Run.cpp - aspen_rt_run: from the registered graph to a run ---------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// aspen_rt_run, in the order its steps happen:
//
//   parseArguments   the command line (`--hostfile FILE` is all there is)
//   chooseRole       on several nodes: the launcher, or which node we are
//                    (and our share of the machine's cores)
//   buildQueues      one queue per connected local input port
//   connectEdges     targets of every local output port; edges to or from
//                    another node become the transport's channels
//   checkOutputs     where traces and dumps go, before anything runs
//   spawnInstances   one fiber per local instance
//   runAndFinish     the scheduler's run, the transport's end, reports
//
//===----------------------------------------------------------------------===//

#include "run/Run.h"
#include "aspen/abi/abi.h"
#include "collective/Collectives.h"
#include "io/Io.h"
#include "launch/Launcher.h"
#include "sched/Scheduler.h"
#include "support/Support.h"
#include "trace/Trace.h"
#include <algorithm>
#include <atomic>
#include <boost/context/detail/exception.hpp>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <pthread.h>
#include <string>
#include <sys/resource.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace aspen;
using namespace aspen::rt;

namespace {

/// Between the start and the end of the scheduler's run.
std::atomic<bool> JobRunning{false};

/// The reports of the end of the run (statistics, the trace) and those of
/// an interrupt are written under this, so they never mix; an interrupt
/// never gives it back, as the process ends.
std::mutex FinishLock;
/// A live dump (SIGUSR1) reads the runtime's instances and edges from the
/// signal thread; once the run is over they are freed, so dumps end first.
std::mutex DumpLock;
bool DumpsOver = false;     // under DumpLock
bool StatsReported = false; // under FinishLock
/// When the run started, for the seconds the statistics report.
std::atomic<uint64_t> RunStart{0};

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

/// "module Worker", or for an S-Net network (whose generated module is
/// named after the instance) "a network".
std::string whatIs(const Instance &I) {
  return I.Type->Name == I.Name ? std::string("a network")
                                : "module " + I.Type->Name;
}

/// What this process is in the job.
struct Role {
  bool Distributed = false;
  bool Launcher = false;
  uint32_t Self = 0;
  bool local(const Runtime &R, uint32_t Inst) const {
    return R.Instances[Inst]->Node == Self;
  }
};

/// Edit distance of A and B, for arguments that look like the runtime's
/// own misspelt.
size_t editDistance(const char *A, const char *B) {
  size_t N = std::strlen(B);
  std::vector<size_t> Row(N + 1);
  for (size_t J = 0; J <= N; ++J)
    Row[J] = J;
  for (size_t I = 1; A[I - 1]; ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= N; ++J) {
      size_t Up = Row[J];
      Row[J] = std::min(
          {Row[J] + 1, Row[J - 1] + 1, Diag + (A[I - 1] == B[J - 1] ? 0 : 1)});
      Diag = Up;
    }
  }
  return Row[N];
}

/// `--hostfile FILE` names the machines to run on now and `--help` says
/// how to run; settings are environment variables. Every other argument
/// is the program's (aspen::programArgs()), and all of them after `--`.
/// An argument that looks like a misspelt `--hostfile`, such as
/// `--hostfle`, is an error, or the program would run on this machine
/// alone. Returns the exit status when the program is to stop here (after
/// --help, or an error), -1 to go on.
int parseArguments(Runtime &R) {
  const char *Hostfile = nullptr;
  R.ProgramArgs.clear();
  for (int K = 1; K < R.Argc; ++K) {
    const char *A = R.Argv[K], *Value = nullptr;
    if (std::strcmp(A, "--") == 0) {
      R.ProgramArgs.insert(R.ProgramArgs.end(), R.Argv + K + 1,
                           R.Argv + R.Argc);
      break;
    }
    if (std::strcmp(A, "--help") == 0 || std::strcmp(A, "-h") == 0) {
      std::printf("usage: %s [--hostfile FILE] [ARG...] [-- ARG...]\n"
                  "  --hostfile FILE  run on the nodes FILE lists (one "
                  "'NAME [slots=N] [port=P]' per line)\n"
                  "  ARG              the program's own arguments: every "
                  "one after '--', and\n"
                  "                   those before it the runtime does not "
                  "take; modules read\n"
                  "                   them with aspen::programArgs(), the "
                  "same on every node\n\n"
                  "Settings are environment variables (docs/runtime.md):\n",
                  R.Argv[0]);
      printSettings(stdout, false);
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
      std::string Name(A, std::strcspn(A, "="));
      if (A[0] == '-' && editDistance(Name.c_str(), "--hostfile") <= 2) {
        std::fprintf(stderr,
                     "aspen: error: unknown argument '%s'; did you mean "
                     "'--hostfile'? (an argument for the program itself "
                     "goes after '--')\n",
                     A);
        return 2;
      }
      R.ProgramArgs.push_back(A);
      continue;
    }
    if (Hostfile) {
      std::fprintf(stderr, "aspen: error: --hostfile given twice\n");
      return 2;
    }
    Hostfile = Value;
  }
  if (Hostfile) {
    std::vector<NodeInfo> Nodes = R.Nodes;
    if (Nodes.empty())
      Nodes.resize(1); // built for one node
    if (!launch::readHostfile(Hostfile, Nodes))
      return 2;
    if (!R.Nodes.empty())
      R.Nodes = Nodes;
  }
  return -1;
}

/// On several nodes this process is either the launcher or one node.
/// A node keeps a connection to every other node, and the launcher three
/// pipes per node: at 1,024 nodes, more than the usual soft limit of 1,024
/// descriptors. The soft limit is raised to the hard one, as MPI launchers
/// do; the hard limit is the administrator's.
void raiseDescriptorLimit() {
  rlimit L;
  if (getrlimit(RLIMIT_NOFILE, &L) == 0 && L.rlim_cur < L.rlim_max) {
    L.rlim_cur = L.rlim_max;
    setrlimit(RLIMIT_NOFILE, &L);
  }
}

/// A node started through ssh (ASPEN_LAUNCHER_STDIN=1) cannot be signalled
/// by its launcher: its standard input, the launcher's pipe carried by ssh,
/// carries the signals instead, and ends when the launcher ends or gives up
/// on it; then so does the node, as a locally started node does by
/// PR_SET_PDEATHSIG. Other nodes see the connection close, as for a node
/// that died.
void watchLauncherLink(const Runtime &R, const Role &Me) {
  const char *V = settingText(Setting::LAUNCHER_STDIN);
  if (!V || std::strcmp(V, "1") != 0)
    return;
  std::string Name = R.Nodes[Me.Self].Name;
  // The thread blocks every signal: the runtime takes SIGTERM and SIGUSR1
  // on its own thread (handleSignals), and one delivered here would act by
  // default, ending the process.
  sigset_t All, Old;
  sigfillset(&All);
  pthread_sigmask(SIG_BLOCK, &All, &Old);
  std::thread([Name] {
    // The launcher passes on the signals it gets as bytes: U for SIGUSR1
    // (a dump), T for SIGTERM (an interrupted job).
    char Buf[256];
    for (;;) {
      ssize_t N = read(0, Buf, sizeof Buf);
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        break;
      for (ssize_t I = 0; I < N; ++I)
        if (Buf[I] == 'U' || Buf[I] == 'T')
          kill(getpid(), Buf[I] == 'U' ? SIGUSR1 : SIGTERM);
    }
    std::fprintf(stderr,
                 "aspen: error: node '%s': its launcher is gone (the "
                 "connection it was started through ended); stopping\n",
                 Name.c_str());
    // As if interrupted: traces and statistics are written, as the
    // launcher's SIGTERM would have them on a node it started here.
    kill(getpid(), SIGTERM);
    std::this_thread::sleep_for(std::chrono::seconds(3));
    std::_Exit(5);
  }).detach();
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
}

Role chooseRole(Runtime &R) {
  Role Me;
  Me.Distributed = R.Nodes.size() > 1;
  if (!Me.Distributed)
    return Me;
  int N = launch::nodeFromEnvironment(R.Nodes.size());
  if (N < 0) {
    Me.Launcher = true;
    return Me;
  }
  Me.Self = uint32_t(N);
  // Not started by our launcher on this machine (a cluster launcher such
  // as srun or mpirun, or ours over ssh): nodes sharing a machine must
  // neither pin their workers to the same cores nor spin against each
  // other. A launcher that bound this process to some cores has placed
  // it: it uses those. Otherwise it takes its share of the machine by
  // our launcher's rule. ASPEN_PIN and ASPEN_FIRST_CORE still win.
  unsigned Index, Count;
  if (!settingGiven(Setting::WORKERS) &&
      launch::localNodes(R.Nodes, Me.Self, Index, Count) && Count > 1) {
    CpuBinding B = cpuBinding();
    launch::CoreShare Share{B.Cores, true, 0};
    if (B.Whole)
      Share = launch::shareCores(Index, Count, B.Cores);
    R.SchedOpts.Workers = Share.Workers;
    if (!settingGiven(Setting::PIN))
      R.SchedOpts.Pin = Share.Pin;
    if (!settingGiven(Setting::FIRST_CORE))
      R.SchedOpts.FirstCore = Share.FirstCore;
    // A share of the whole machine is disjoint from the others' unless
    // there are more nodes than cores (then nobody is pinned); bindings
    // as wide as ours for every node here cannot all be disjoint.
    R.SchedOpts.SharedCores =
        B.Whole ? !Share.Pin : uint64_t(Count) * B.Cores > B.MachineCores;
  }
  return Me;
}

/// Whether input Port of module M is kept by sender: the module dequeues
/// it `from:` a sender. (Keeping every small fan-in so would spare its
/// producers their contention on the shared tail, a quarter of the run of
/// bench/rde's one-number tasks, but a consumer would no longer see its
/// senders' messages in the order they were sent: a message caused by
/// another one could overtake it.)
bool keptBySender(const ModuleType &M, uint32_t Port) {
  return Port < M.BySender.size() && M.BySender[Port];
}

/// Producer slots first: every edge into a local port is one producer of
/// it (the transport stands in for a remote one); then one queue per
/// connected port: SPSC for one producer, MPSC for several, or a ring per
/// producer when kept by sender.
void buildQueues(Runtime &R, const Role &Me) {
  for (size_t E = 0; E < R.Edges.size(); E += 4)
    if (Me.local(R, R.Edges[E + 2]))
      ++R.Instances[R.Edges[E + 2]]->Inputs[R.Edges[E + 3]].NumProducers;
  // A fan-in ring has all its cells from the start (16 bytes each): the
  // small capacity is given to fan-in rings only while all of them
  // together stay within FanInSmallBudget, so a stencil of 10^5 instances
  // keeps the 4 KiB rings it had rather than 64 KiB each.
  size_t FanIns = 0;
  for (auto &I : R.Instances)
    for (size_t K = 0; K < I->Type->Inputs.size(); ++K)
      FanIns += I->Inputs[K].NumProducers > 1 && !keptBySender(*I->Type, K);
  size_t FanInSmall = R.QueueSmallCapacity;
  while (FanInSmall > R.QueueCapacity &&
         FanIns * FanInSmall * MPSCQueue<Payload *>::cellBytes() >
             FanInSmallBudget)
    FanInSmall /= 2;
  for (auto &I : R.Instances)
    for (size_t K = 0; K < I->Type->Inputs.size(); ++K) {
      InputPort &P = I->Inputs[K];
      P.BySender = keptBySender(*I->Type, uint32_t(K));
      if (P.BySender && P.NumProducers) {
        P.Senders.reset(new SenderRing[P.NumProducers]);
        P.NumSenders = P.NumProducers;
        for (uint32_t S = 0; S < P.NumSenders; ++S)
          P.Senders[S].Q =
              std::make_unique<SPSCQueue<Payload *>>(R.QueueCapacity);
      } else if (P.NumProducers == 1) {
        P.Spsc = std::make_unique<SPSCQueue<Payload *>>(R.QueueCapacity,
                                                        R.QueueSmallCapacity);
      } else if (P.NumProducers > 1) {
        P.Mpsc =
            std::make_unique<MPSCQueue<Payload *>>(R.QueueCapacity, FanInSmall);
      }
      if (P.NumProducers)
        P.ProducerSlots.reset(new std::atomic<Fiber *>[P.NumProducers]());
      P.OpenProducers.store(P.NumProducers, std::memory_order_relaxed);
      P.NumProducers = 0; // recounted below as slots are handed out
    }
}

/// ASPEN_TRACE: the keys of each edge's arrows (trace::flowId), the same
/// on every node. A queue's key is its number among every instance's input
/// ports; a message's position in it is known to sender and receiver alike
/// when one edge feeds it (also from another node: the channel delivers in
/// order) or when the sender claims its cell itself (a fan-in queue fed
/// here). Into a fan-in queue from another node, the transport claims the
/// cell: the sender's arrow goes to the transport by the channel's count
/// (a key of the edge's own, after the queues'), and a second one from
/// there to the consumer. A queue kept by sender has no one order: each of
/// its rings is an edge's own, counted by its sender and its consumer
/// alike, with the edge's own key.
struct FlowKeys {
  std::vector<uint64_t> Sender; // per edge: the key its sender uses
  std::vector<uint64_t> Queue;  // per edge: its target queue's key
  std::vector<uint64_t> Relay;  // per edge: the transport's (0: none)
  std::vector<uint64_t> Ring;   // per edge: its ring's (0: no ring)
};

FlowKeys flowKeys(const Runtime &R) {
  std::vector<uint64_t> First(R.Instances.size());
  uint64_t N = 0;
  for (size_t K = 0; K < R.Instances.size(); ++K) {
    First[K] = N;
    N += R.Instances[K]->Type->Inputs.size();
  }
  std::vector<uint32_t> Fed(N);
  auto QueueOf = [&](size_t E) {
    return First[R.Edges[E + 2]] + R.Edges[E + 3];
  };
  for (size_t E = 0; E < R.Edges.size(); E += 4)
    ++Fed[QueueOf(E)];
  FlowKeys K;
  for (size_t E = 0; E < R.Edges.size(); E += 4) {
    uint64_t Q = QueueOf(E);
    if (keptBySender(*R.Instances[R.Edges[E + 2]]->Type, R.Edges[E + 3])) {
      K.Queue.push_back(0);
      K.Relay.push_back(0);
      K.Ring.push_back(N + 1 + E / 4);
      K.Sender.push_back(K.Ring.back());
      continue;
    }
    bool Relayed = Fed[Q] > 1 && R.Instances[R.Edges[E]]->Node !=
                                     R.Instances[R.Edges[E + 2]]->Node;
    K.Queue.push_back(Q + 1);
    K.Relay.push_back(Relayed ? N + 1 + E / 4 : 0);
    K.Ring.push_back(0);
    K.Sender.push_back(Relayed ? K.Relay.back() : Q + 1);
  }
  return K;
}

/// Every local output port's targets. Edges with one end here and one on
/// another node are channels of the transport, numbered by edge index; on
/// several nodes the transport is made here, to own their queues.
std::unique_ptr<transport::Transport> connectEdges(Runtime &R, const Role &Me) {
  std::vector<transport::ChannelEnd> Outs, Ins;
  FlowKeys Keys = flowKeys(R);
  // A producer's slot is its edge's place among the edges into the queue,
  // so that `dequeue(q, from: k)` means the same sender on every node.
  std::vector<uint32_t> SlotOf(R.Edges.size() / 4);
  for (size_t E = 0; E < R.Edges.size(); E += 4)
    if (Me.local(R, R.Edges[E + 2])) {
      InputPort &In = R.Instances[R.Edges[E + 2]]->Inputs[R.Edges[E + 3]];
      SlotOf[E / 4] = In.NumProducers++;
      if (In.BySender) {
        SenderRing &Ring = In.Senders[SlotOf[E / 4]];
        Ring.Inst = R.Edges[E];
        Ring.Name = R.Instances[R.Edges[E]]->Name.c_str();
        Ring.FlowKey = Keys.Ring[E / 4];
      }
    }
  for (size_t E = 0; E < R.Edges.size(); E += 4) {
    uint32_t From = R.Edges[E], To = R.Edges[E + 2];
    if (Me.local(R, From) == Me.local(R, To))
      continue;
    transport::ChannelEnd End;
    End.Id = uint32_t(E / 4);
    End.What = "'" + portLabel(*R.Instances[From], R.Edges[E + 1], true) +
               " -> " + portLabel(*R.Instances[To], R.Edges[E + 3], false) +
               "'";
    if (Me.local(R, From)) {
      End.Peer = R.Instances[To]->Node;
      Outs.push_back(End);
    } else {
      InputPort &In = R.Instances[To]->Inputs[R.Edges[E + 3]];
      End.Peer = R.Instances[From]->Node;
      End.Port = &In;
      End.Slot = SlotOf[E / 4];
      End.FlowIn = Keys.Relay[E / 4];
      Ins.push_back(End);
    }
  }
  std::unique_ptr<transport::Transport> Net;
  if (Me.Distributed)
    Net = std::make_unique<transport::Transport>(nodeConfig(R, Me.Self), Outs,
                                                 Ins);
  for (size_t E = 0; E < R.Edges.size(); E += 4) {
    uint32_t From = R.Edges[E], To = R.Edges[E + 2];
    if (!Me.local(R, From))
      continue;
    OutputPort &O = R.Instances[From]->Outputs[R.Edges[E + 1]];
    if (!Me.local(R, To)) {
      O.Targets.push_back({Net->outboundPort(uint32_t(E / 4)), 0, To});
      O.Targets.back().FlowKey = Keys.Sender[E / 4];
      continue;
    }
    InputPort &In = R.Instances[To]->Inputs[R.Edges[E + 3]];
    O.Targets.push_back({&In, SlotOf[E / 4], To});
    O.Targets.back().FlowKey = Keys.Sender[E / 4];
  }
  for (size_t E = 0; E < R.Edges.size(); E += 4)
    if (Me.local(R, R.Edges[E + 2])) {
      InputPort &In = R.Instances[R.Edges[E + 2]]->Inputs[R.Edges[E + 3]];
      In.FlowKey = Keys.Queue[E / 4];
    }
  return Net;
}

/// Where traces and dumps go is checked now, before any node connects or
/// anything runs: a trace lost at the end of a long run, or a dump lost
/// when a hang is finally caught, is worth an error up front. On several
/// nodes each writes a file of its own beside the path given, so a
/// directory there must be refused before the path is changed.
bool checkOutputs(Runtime &R, const Role &Me) {
  const char *TraceVar = settingText(Setting::TRACE);
  if (Me.Distributed && (!checkWritable("ASPEN_DUMP", DumpPath) ||
                         !checkWritable("ASPEN_TRACE", TraceVar)))
    return false;
  trace::init(R.Nodes.empty() ? "localhost" : R.Nodes[Me.Self].Name,
              Me.Self + 1, Me.Distributed);
  if (DumpPath && Me.Distributed) {
    // One dump per node, as for traces: live.dot -> live.<node>.dot
    static std::string PerNode;
    PerNode = trace::perNodePath(DumpPath, R.Nodes[Me.Self].Name, ".dot");
    DumpPath = PerNode.c_str();
  }
  return checkWritable("ASPEN_DUMP", DumpPath) &&
         checkWritable("ASPEN_TRACE", trace::Enabled ? trace::path() : nullptr);
}

void flushOutput() {
  std::fflush(stdout);
  std::cout.flush();
}

/// SIGINT or SIGTERM with ASPEN_STATS or ASPEN_TRACE: the statistics so far
/// and the trace of the events recorded so far are written (while the
/// workers go on), then the signal ends the process as it would have, so
/// whoever sent it sees the status it expects (128 + the signal).
[[noreturn]] void finishOnSignal(int Sig) {
  FinishLock.lock(); // for good: the run's own end must not write now
  flushOutput();
  if (StatsEnabled && !StatsReported) {
    uint64_t T0 = RunStart.load(std::memory_order_relaxed);
    reportStats(T0 ? (trace::now() - T0) / 1e9 : 0, Sig);
  }
  flushOutput();
  trace::write();
  std::fflush(nullptr);
  std::signal(Sig, SIG_DFL);
  sigset_t One;
  sigemptyset(&One);
  sigaddset(&One, Sig);
  pthread_sigmask(SIG_UNBLOCK, &One, nullptr);
  raise(Sig);
  _exit(128 + Sig);
}

/// SIGUSR1 asks for a dump, and with ASPEN_STATS or ASPEN_TRACE, SIGINT and
/// SIGTERM for those reports before the end; a thread of its own waits for
/// them, so nothing is written inside a signal handler. Without those
/// settings, SIGINT and SIGTERM keep their default action.
void handleSignals() {
  sigset_t Set;
  sigemptyset(&Set);
  sigaddset(&Set, SIGUSR1);
  if (StatsEnabled || trace::Enabled) {
    sigaddset(&Set, SIGINT);
    sigaddset(&Set, SIGTERM);
  }
  pthread_sigmask(SIG_BLOCK, &Set, nullptr); // inherited by the workers
  std::thread([Set] {
    for (;;) {
      int Sig = 0;
      if (sigwait(&Set, &Sig) != 0)
        continue;
      if (Sig == SIGUSR1) {
        std::lock_guard<std::mutex> L(DumpLock);
        if (!DumpsOver)
          writeDump(true);
      } else
        finishOnSignal(Sig);
    }
  }).detach();
}

/// What instance I's fiber runs: make the module object, run it, close
/// its outputs; an exception stops the program naming the instance.
void runInstance(Instance *I) {
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
    ModuleAccess::self(*I->Obj) = I;
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
}

void spawnInstances(Runtime &R, const Role &Me, Scheduler &Sched) {
  for (auto &IPtr : R.Instances) {
    Instance *I = IPtr.get();
    if (!Me.local(R, uint32_t(&IPtr - R.Instances.data())))
      continue;
    I->F.Owner = I;
    I->F.TraceName = &I->Name;
    I->F.Body = [I] { runInstance(I); };
    Sched.spawn(&I->F, I->Type->Builtin);
  }
}

/// The scheduler's run, then the transport's end of the job, statistics
/// and the trace. Returns the process's exit status.
int runAndFinish(Runtime &R, Scheduler &Sched, transport::Transport *Net) {
  uint64_t Start = trace::now();
  RunStart.store(Start, std::memory_order_relaxed);
  if (Net)
    Net->start(Sched);
  endOnExitWhileRunning();
  JobRunning.store(true, std::memory_order_release);
  int Status = Sched.run(reportDeadlock);
  JobRunning.store(false, std::memory_order_release);
  shutdownIo();
  if (Net) {
    flushOutput();
    Status = Net->finish(Status);
  }
  std::lock_guard<std::mutex> L(FinishLock);
  if (StatsEnabled) {
    flushOutput(); // what the program printed comes first
    reportStats((trace::now() - Start) / 1e9);
    if (Net)
      std::fputs(Net->statsText().c_str(), stderr);
    StatsReported = true;
  }
  flushOutput();
  trace::write();
  return Status;
}

/// After a successful run: collectives are still suspended in dequeue, and
/// their fibers' stacks went with the scheduler, so they must never be
/// resumed or unwound; what is left in the queues is released.
void releaseAfterSuccess(Runtime &R) {
  for (auto &I : R.Instances)
    if (I->F.Ctx)
      (void)new boost::context::fiber(std::move(I->F.Ctx));
  for (auto &I : R.Instances)
    for (size_t K = 0; K < I->Type->Inputs.size(); ++K) {
      Payload *P;
      while (I->Inputs[K].tryPop(P))
        delete P;
    }
}

} // namespace

extern "C" aspen::rtabi::I32 aspen_rt_run() {
  Runtime &R = runtime();
  // Before any thread that sends or dequeues starts (queue/Queues.h).
  enableAsymmetricBarrier();
  raiseDescriptorLimit();
  if (int Status = parseArguments(R); Status >= 0)
    return Status;
  Role Me = chooseRole(R);
  if (!settingGiven(Setting::NODE)) // once per job: not again in every node
    warnMisspelledSettings();
  // Before the link's watcher starts reading standard input: the port
  // exchange reads its line from it first.
  if (!Me.Launcher && Me.Distributed &&
      !launch::exchangePorts(R.Nodes, Me.Self))
    return 2;
  if (!Me.Launcher)
    watchLauncherLink(R, Me);
  if (Me.Launcher) {
    std::fflush(stdout);
    const char *Trace = settingText(Setting::TRACE);
    // A node that ends before writing its trace must not leave an older
    // run's file to be merged in its place.
    for (const NodeInfo &N : R.Nodes)
      if (Trace)
        std::remove(trace::perNodePath(Trace, N.Name, ".json").c_str());
    int Status = launch::startNodes(R.Nodes, R.Argc, R.Argv);
    // The nodes have ended, by themselves or stopped by a signal passed
    // on to them: their traces become one, a process per node.
    if (Trace) {
      std::vector<std::string> Names;
      for (const NodeInfo &N : R.Nodes)
        Names.push_back(N.Name);
      trace::merge(Trace, Names);
    }
    return Status;
  }
  buildQueues(R, Me);
  std::unique_ptr<transport::Transport> Net = connectEdges(R, Me);
  if (!checkOutputs(R, Me))
    return 2;
  // A trace shows a reduce's own steps; across nodes, reduces follow their
  // plans.
  if (!Me.Distributed && !trace::Enabled)
    directReduces(R);
  if (Net && !Net->connect())
    return Net->connectStatus();
  SelfNode = Me.Self;
  if (Net) {
    Net->onDeadlock(reportDeadlock);
    R.SchedOpts.Distributed = true;
    R.SchedOpts.OnLocalDone = [&Net] { Net->localDone(); };
  }
  Scheduler Sched(R.SchedOpts);
  R.Sched = GSched = &Sched;
  // Always: without ASPEN_DUMP, SIGUSR1 prints the dump to standard error
  // (its default action would end the program).
  handleSignals();
  spawnInstances(R, Me, Sched);
  int Status = runAndFinish(R, Sched, Net.get());
  {
    std::lock_guard<std::mutex> L(DumpLock);
    DumpsOver = true;
  }
  if (Status != 0)
    std::_Exit(Status); // instances are still suspended: do not unwind them
  releaseAfterSuccess(R);
  R.Sched = GSched = nullptr;
  return Status;
}

const std::vector<std::string> &aspen::programArgs() {
  return runtime().ProgramArgs;
}

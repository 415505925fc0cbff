//===- Report.cpp - Statistics, dumps and deadlock reports ----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// What a run tells about itself: ASPEN_STATS at the end, ASPEN_DUMP on a
// deadlock or SIGUSR1, and the deadlock report, which names what every
// instance waits for (and, for a network, what is stuck inside it).
//
//===----------------------------------------------------------------------===//

#include "collective/Collectives.h"
#include "run/Run.h"
#include "snet/SNet.h"
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace aspen::rt {

const char *DumpPath = nullptr;
uint32_t SelfNode = 0;

void reportStats(double Seconds, int Signal) {
  Runtime &R = runtime();
  size_t Edges = 0;
  for (auto &I : R.Instances)
    for (OutputPort &O : I->Outputs)
      Edges += O.Targets.size();
  // Interrupted, the figures are read while the program runs: a snapshot,
  // as in a dump, and said to be one.
  std::string Why;
  if (Signal)
    Why = std::string(", interrupted by ") + (Signal == SIGINT    ? "SIGINT"
                                              : Signal == SIGTERM ? "SIGTERM"
                                                                  : "a signal");
  std::fprintf(stderr, "aspen: stats: %zu instances, %zu edges, %.3f s, %s%s\n",
               R.Instances.size(), Edges, Seconds,
               R.Sched ? R.Sched->placement().c_str() : "no workers",
               Why.c_str());
  for (auto &I : R.Instances)
    for (size_t Port = 0; Port < I->Outputs.size(); ++Port)
      for (Target &T : I->Outputs[Port].Targets) {
        Instance &To = *R.Instances[T.Inst];
        std::string From = I->Name, Dest = To.Name;
        if (!I->Type->Builtin && Port)
          From += "." + I->Type->Outputs[Port];
        const InputPort &In = *T.Port;
        const size_t Cap = In.Spsc   ? In.Spsc->capacity()
                           : In.Mpsc ? In.Mpsc->capacity()
                                     : R.QueueCapacity,
                     Small = In.Spsc   ? In.Spsc->smallCapacity()
                             : In.Mpsc ? In.Mpsc->smallCapacity()
                                       : Cap;
        std::string Of = std::to_string(Cap);
        if (Small > Cap)
          Of += " (" + std::to_string(Small) + " small)";
        std::fprintf(stderr,
                     "  edge %s -> %s: %llu messages, queue high-water %zu of "
                     "%s\n",
                     From.c_str(), Dest.c_str(), (unsigned long long)T.Sent,
                     // A producer may see a slot freed before the
                     // consumer's count moves past it: one over, briefly.
                     std::min(In.HighWater.load(), Small), Of.c_str());
      }
  for (auto &I : R.Instances)
    if (I->RunByReceivers)
      std::fprintf(stderr,
                   "  reduce %s: run by its receivers (each participant sends "
                   "each receiver a copy; no fiber of the reduce between)\n",
                   I->Name.c_str());
  for (auto &I : R.Instances)
    for (size_t Port = 0; Port < I->Type->Inputs.size(); ++Port) {
      const InputPort &In = I->Inputs[Port];
      const uint32_t C = In.WakeSwitches, P = In.ProducerWakeSwitches.load();
      if (C || P)
        std::fprintf(stderr,
                     "  instance %s, %s: the wake-up barriers moved %u "
                     "time%s for its waits, %u for its producers'\n",
                     I->Name.c_str(),
                     queueName(*I->Type, uint32_t(Port), "input").c_str(), C,
                     C == 1 ? "" : "s", P);
    }
  for (auto &I : R.Instances)
    if (const uint64_t D = I->DequeueNs, S = I->SendNs; D || S)
      std::fprintf(stderr,
                   "  instance %s: parked %.3f s in dequeue, %.3f s in send\n",
                   I->Name.c_str(), D / 1e9, S / 1e9);
  for (auto &I : R.Instances)
    std::fputs(snetStats(*I).c_str(), stderr);
  // Last, so that the lines above keep their order whether or not it shows.
  if (const uint64_t N = R.Sched ? R.Sched->contendedIdles() : 0)
    std::fprintf(stderr,
                 "  other threads wanted the workers' cores: idle workers "
                 "cut their spin short %llu time%s\n",
                 (unsigned long long)N, N == 1 ? "" : "s");
}

bool checkWritable(const char *Var, const char *Path) {
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

/// What a dequeue waits on: "input queue 'q'", "any of input queue 'a'
/// and input queue 'b'", "input queue 'q' from 'w[2]' (sender 2)".
/// Live: read while the instance may run on, so only what it publishes
/// for that (the count of ports, not the vector, which it may reallocate).
static std::string waitedOn(const Instance &I, bool Live) {
  if (Live && I.NumWaitPorts > 1)
    return "any of " + std::to_string(uint32_t(I.NumWaitPorts)) +
           " input queues";
  if (!Live && I.WaitPorts.size() > 1) {
    std::string S = "any of ";
    for (size_t K = 0; K < I.WaitPorts.size(); ++K) {
      if (K)
        S += K + 1 == I.WaitPorts.size() ? " and " : ", ";
      S += queueName(*I.Type, I.WaitPorts[K], "input");
    }
    return S;
  }
  std::string S = queueName(*I.Type, I.BlockedPort, "input");
  const InputPort &In = I.Inputs[I.BlockedPort];
  if (!Live && In.Combine)
    return S + describeCombined(In);
  const int32_t Sender = I.WaitSender;
  if (Sender >= 0 && uint32_t(Sender) < In.NumSenders)
    S += " from '" + runtime().Instances[In.Senders[Sender].Inst]->Name +
         "' (sender " + std::to_string(Sender) + ")";
  return S;
}

/// ASPEN_DUMP=FILE: the live graph as Graphviz DOT (each instance with
/// what it waits for, each edge with its messages and its queue's depth),
/// written on a deadlock and whenever the process gets SIGUSR1. Read while
/// the program runs, so the figures are a snapshot, not a consistent cut.
void writeDump(bool Live) {
  Runtime &R = runtime();
  // Without ASPEN_DUMP (asked for by SIGUSR1), to standard error.
  FILE *F = DumpPath ? std::fopen(DumpPath, "w") : stderr;
  if (!DumpPath)
    std::fprintf(stderr, "aspen: dump (SIGUSR1; ASPEN_DUMP=FILE writes it "
                         "to FILE):\n");
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
    const Instance::Wait Blocked = I.Blocked; // one reading of it
    std::string State =
        St == Fiber::Done ? "finished"
        : Blocked == Instance::Dequeue
            ? "waits in dequeue on " + waitedOn(I, Live)
        : Blocked == Instance::Send
            ? "waits in send on " + queueName(*I.Type, I.BlockedPort, "output")
            : "running or runnable";
    const char *Color = St == Fiber::Done           ? "grey"
                        : Blocked != Instance::None ? "red"
                                                    : "black";
    if (std::string Net = describeSNet(I); !Net.empty())
      State += "\n" + Net;
    std::fprintf(F, "  i%zu [label=%s, color=%s%s];\n", K,
                 Quote(I.Name + "\n" + State).c_str(), Color,
                 I.Type->Builtin ? ", shape=diamond" : "");
  }
  for (size_t K = 0; K < R.Instances.size(); ++K)
    for (OutputPort &O : R.Instances[K]->Outputs)
      for (Target &T : O.Targets) {
        std::fprintf(F, "  i%zu -> i%u [label=\"%llu sent, %zu queued\"];\n", K,
                     T.Inst, (unsigned long long)T.Sent, T.Port->size());
        // Into a reduce its receivers run: each receiver's ring for this
        // participant, which holds what waits for the other participants.
        if (T.Direct)
          for (Target &D : *T.Direct)
            std::fprintf(F,
                         "  i%zu -> i%u [style=dashed, label=\"via i%u: %zu "
                         "queued\"];\n",
                         K, D.Inst, T.Inst, D.Port->Senders[D.Slot].Q->size());
      }
  std::fprintf(F, "}\n");
  if (!DumpPath) {
    std::fflush(F);
    return;
  }
  // A file that opens but takes no data (/proc/version, a full disk) is
  // as lost as one that does not open.
  if (std::ferror(F) | std::fclose(F))
    std::fprintf(stderr, "aspen: warning: cannot write ASPEN_DUMP file '%s'\n",
                 DumpPath);
}

void reportDeadlock() {
  Runtime &R = runtime();
  if (DumpPath)
    writeDump(false);
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
      const bool Combined = I.WaitPorts.size() <= 1 &&
                            I.BlockedPort < I.Type->Inputs.size() &&
                            I.Inputs[I.BlockedPort].Combine;
      std::fprintf(stderr, "  '%s' waits in dequeue on %s%s\n", I.Name.c_str(),
                   waitedOn(I, false).c_str(),
                   Combined                 ? ""
                   : I.WaitPorts.size() > 1 ? ", which are all empty"
                                            : ", which is empty");
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

} // namespace aspen::rt

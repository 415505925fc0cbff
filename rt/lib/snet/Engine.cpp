//===- Engine.cpp - Entities, settings and the entry points of S-Net ------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/Engine.h"
#include "support/Support.h"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;
using namespace aspen::snet::engine;

namespace aspen::snet::engine {

std::mutex EnginesLock;
std::vector<Engine *> Engines;
std::mutex HelpersLock;
std::vector<std::unique_ptr<Fiber>> AllHelpers;
Settings EngineSettings;

unsigned concurrencyFor(const std::string &Box, unsigned Default) {
  for (const auto &[Name, N] : EngineSettings.PerBox)
    if (Name == Box)
      return N;
  return EngineSettings.Concurrency ? EngineSettings.Concurrency : Default;
}

Engine::Engine(gen::Module &Self, const Graph &G) : Self(Self), G(G) {
  Scheduler *S = currentScheduler();
  NumHelpers = EngineSettings.Workers ? EngineSettings.Workers
               : S                    ? S->workerCount()
                                      : 1;
  AdmitLimit = 64 * int64_t(NumHelpers);
  Entities.resize(G.Nodes.size());
  std::vector<int> Parent(G.Nodes.size(), -1);
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    for (int C : G.Nodes[I].Children)
      Parent[C] = int(I);
  InDet.assign(G.Nodes.size(), 0);
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    for (int A = Parent[I]; A >= 0 && !InDet[I]; A = Parent[A])
      InDet[I] = G.Nodes[A].Deterministic;
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    const Node &N = G.Nodes[I];
    if (N.K != Node::Box && N.K != Node::Sync && !N.Deterministic)
      continue;
    if (N.K == Node::Sync && N.Patterns.size() > 64)
      throw std::length_error("a synchro-cell of " +
                              std::to_string(N.Patterns.size()) +
                              " patterns: at most 64 are supported");
    auto E = std::make_unique<Entity>();
    E->N = &N;
    E->Id = int(I);
    E->Det = N.Deterministic;
    E->InDet = InDet[I];
    for (const Pattern &P : N.Patterns)
      E->Guarded |= P.Guard != nullptr;
    if (N.K == Node::Box) {
      unsigned L = N.Concurrency ? N.Concurrency : NumHelpers;
      E->Limit = std::min(concurrencyFor(N.Name, L), RingSize);
      bool Replicated = false;
      for (int A = Parent[I]; A >= 0; A = Parent[A])
        Replicated |= G.Nodes[A].K == Node::Star || G.Nodes[A].K == Node::Split;
      E->Lanes.resize(Replicated ? ReplicaLanes : 1);
      for (auto &Ln : E->Lanes)
        Ln = std::make_unique<Lane>();
    }
    Entities[I] = std::move(E);
  }
  // Initialisers, with the continuation their outputs take: the frames
  // of the serial compositions and feedback loops above them, from the
  // root, or from the operand of the innermost star or split above them,
  // whose replicas each fire it. A `||` on the way is a frame without its
  // ticket yet: its examiner gives each firing one (fireInit).
  PerReplica.resize(G.Nodes.size());
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    if (G.Nodes[I].K != Node::Box || !G.Nodes[I].Initialiser)
      continue;
    std::vector<int> Path{int(I)};
    while (Parent[Path.back()] >= 0)
      Path.push_back(Parent[Path.back()]);
    if (Path.back() != G.Root)
      continue; // not part of this network
    // The frames start at the root, or below the innermost star or split
    // (Scope) above the box.
    size_t From = Path.size() - 1;
    int Scope = -1;
    for (size_t J = 1; J < Path.size() && Scope < 0; ++J) {
      const Node &N = G.Nodes[Path[J]];
      if (N.K == Node::Star || N.K == Node::Split) {
        Scope = Path[J];
        From = J - 1;
      }
    }
    Cont K;
    for (size_t J = From; J > 0; --J) {
      const int A = Path[J], C = Path[J - 1];
      const Node &N = G.Nodes[A];
      if (N.Deterministic) // a `||`: stars and splits are above From
        K.pushDet(A, nullptr);
      if (N.K == Node::Serial)
        K.push(A, false,
               long(std::find(N.Children.begin(), N.Children.end(), C) -
                    N.Children.begin()) +
                   1);
      else if (N.K == Node::Feedback)
        K.push(A, false, 0);
    }
    if (Scope < 0) {
      Inits.emplace_back(int(I), std::move(K));
      continue;
    }
    if (!PerReplica[Scope])
      PerReplica[Scope] = std::make_unique<ReplicaInits>();
    PerReplica[Scope]->Boxes.emplace_back(int(I), std::move(K));
  }
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    if (G.Nodes[I].K == Node::Star) {
      int C = G.Nodes[I].Children[0];
      if (G.Nodes[C].K == Node::Sync)
        Entities[C]->Star = int(I);
    }
  // Cells, and deterministic combinators (one shard: their instances share
  // the tickets' order).
  unsigned Sharded = 1;
  while (Sharded < ShardsPerHelper * NumHelpers)
    Sharded *= 2;
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    Entity *E = Entities[I].get();
    if (!E || E->N->K == Node::Box)
      continue;
    // Replicated: a star or a split above the cell (above its star, for a
    // star's whole operand), so that records reach it on several paths.
    bool Replicated = false;
    if (!E->Det && NumHelpers > 1)
      for (int A = Parent[E->Star >= 0 ? E->Star : int(I)]; A >= 0;
           A = Parent[A])
        Replicated |= G.Nodes[A].K == Node::Star || G.Nodes[A].K == Node::Split;
    const unsigned NS = Replicated ? Sharded : 1;
    for (unsigned S = 0; S < NS; ++S) {
      auto Sh = std::make_unique<CellShard>();
      Sh->ExamineLicence.E = E;
      Sh->ExamineLicence.Seq = S;
      E->Shards.push_back(std::move(Sh));
    }
    E->ShardShift = 64 - unsigned(__builtin_ctz(NS));
  }
  for (unsigned I = 0; I <= NumHelpers; ++I) {
    auto W = std::make_unique<Runner>();
    W->Rand = 0x9E3779B97F4A7C15ull * (I + 1);
    W->Counts.assign(G.Nodes.size() + 2 * CountPad, 0);
    Runners.push_back(std::move(W));
  }
  std::lock_guard<std::mutex> Lock(EnginesLock);
  Engines.push_back(this);
}

/// "synchro-cell [| {a, <k>}, {b, <k>} |]".
static std::string describeCell(const Node &N) {
  std::string Pats;
  for (const Pattern &P : N.Patterns) {
    std::string T;
    for (const Label &L : P.Type)
      T += (T.empty() ? "" : ", ") +
           (L.IsTag ? "<" + L.S.name() + ">" : L.S.name());
    Pats += (Pats.empty() ? "{" : ", {") + T + "}";
  }
  return "synchro-cell [| " + Pats + " |]";
}

/// What ASPEN_DUMP shows of a running network: every box with records
/// waiting or calls running (and in how many replica lanes), every synchro-cell
/// holding records (and in how many replicas). Only counters are read, so
/// the dump never waits for the workers.
std::string Engine::describeState() const {
  std::string S =
      "S-Net: " + std::to_string(Pending.load(std::memory_order_relaxed)) +
      " records at boxes and cells, " + std::to_string(NumHelpers) +
      " helpers (" +
      std::to_string(NumSleeping.load(std::memory_order_relaxed)) + " idle)";
  for (const auto &E : Entities) {
    if (!E)
      continue;
    if (E->N->K == Node::Box) {
      // Waiting streams and running calls, from state the engine keeps
      // anyway: nothing on the hot path counts for the dump.
      int64_t Running = 0, Waiting = 0;
      for (const auto &L : E->Lanes) {
        Running += L->Active.load(std::memory_order_relaxed);
        Waiting += L->In.mayHaveItems();
      }
      if (Running + Waiting == 0)
        continue;
      S += "\nbox " + E->N->Name + ": " + std::to_string(Running) +
           " running, " +
           (Waiting == 0 ? std::string("no records waiting")
            : E->Lanes.size() == 1
                ? std::string("records waiting")
                : "records waiting in " + std::to_string(Waiting) + " of " +
                      std::to_string(E->Lanes.size()) + " replica lanes");
    } else {
      int64_t Held = 0, Replicas = 0;
      for (const auto &Sh : E->Shards) {
        Held += Sh->HeldRecords.load(std::memory_order_relaxed);
        Replicas += Sh->HoldingReplicas.load(std::memory_order_relaxed);
      }
      if (Held == 0)
        continue;
      S += "\n" + describeCell(*E->N) + ": " + std::to_string(Held) +
           " records held in " + std::to_string(Replicas) + " replicas";
    }
  }
  return S;
}

/// What ASPEN_STATS prints of each network that ran, by instance, in the
/// order the networks ended.
static std::mutex StatsLock;
static std::vector<std::pair<const Instance *, std::string>> NetworkStats;

/// ASPEN_STATS: the records that entered and left, and the firings of every
/// box, filter and synchro-cell, summed over the runners' own counters once
/// the helpers have stopped (so the hot path shares nothing for them).
void Engine::keepStats() {
  std::vector<uint64_t> Sum(G.Nodes.size(), 0);
  for (const auto &W : Runners)
    for (size_t I = 0; I < Sum.size(); ++I)
      Sum[I] += W->Counts[CountPad + I];
  auto Count = [](uint64_t N, const char *One, const char *Many) {
    return std::to_string(N) + " " + (N == 1 ? One : Many);
  };
  std::string S = "  network " + instance()->Name + ": " +
                  Count(RecordsIn, "record", "records") + " in, " +
                  std::to_string(RecordsOut) + " out\n";
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    const Node &N = G.Nodes[I];
    std::string What = N.K == Node::Box        ? "box " + N.Name
                       : N.K == Node::Filter   ? std::string("filter")
                       : N.K == Node::Sync     ? describeCell(N)
                       : N.K == Node::Parallel ? std::string("parallel |")
                                               : std::string();
    if (What.empty())
      continue;
    S += "    " + What + at(N) + ": " +
         (N.K == Node::Parallel ? Count(Sum[I], "dispatch", "dispatches")
                                : Count(Sum[I], "firing", "firings")) +
         "\n";
  }
  std::lock_guard<std::mutex> Lock(StatsLock);
  NetworkStats.push_back({instance(), std::move(S)});
}

} // namespace aspen::snet::engine

std::string aspen::rt::snetStats(const Instance &I) {
  std::lock_guard<std::mutex> Lock(StatsLock);
  std::string S;
  for (const auto &[Inst, Text] : NetworkStats)
    if (Inst == &I)
      S += Text;
  return S;
}

std::string aspen::rt::describeSNet(const Instance &I) {
  std::lock_guard<std::mutex> Lock(EnginesLock);
  for (const Engine *E : Engines)
    if (E->instance() == &I)
      return E->describeState();
  return "";
}

/// The boxes of the program, registered by static initialisers (before
/// main, so before checkSNetEnvironment).
static std::vector<std::string> &boxNames() {
  static std::vector<std::string> Names;
  return Names;
}

bool aspen::snet::registerBox(const char *Name) {
  boxNames().push_back(Name);
  return true;
}

void aspen::rt::checkSNetEnvironment() {
  auto Bad = [](const char *Name, const char *V, const char *Want) {
    std::fprintf(stderr, "aspen: error: %s=%s: %s\n", Name, V, Want);
    std::exit(2);
  };
  EngineSettings.Workers = unsigned(settingCount(Setting::SNET_WORKERS));
  EngineSettings.Routes = settingFlag(Setting::SNET_ROUTES);
  const char *V = settingText(Setting::SNET_CONCURRENCY);
  if (!V)
    return;
  std::string S(V);
  size_t Pos = 0;
  bool PlainSeen = false;
  for (;;) {
    size_t Comma = S.find(',', Pos);
    std::string Part = S.substr(
        Pos, Comma == std::string::npos ? std::string::npos : Comma - Pos);
    size_t Colon = Part.find(':');
    std::string Num =
        Colon == std::string::npos ? Part : Part.substr(Colon + 1);
    char *End = nullptr;
    unsigned long N = std::strtoul(Num.c_str(), &End, 10);
    if (Num.empty() || !std::isdigit(static_cast<unsigned char>(Num[0])) ||
        *End || N < 1 || N > RingSize || Colon == 0)
      Bad("ASPEN_SNET_CONCURRENCY", V,
          "expected N or Box:N,... with each N between 1 and 64");
    if (Colon == std::string::npos) {
      if (PlainSeen) // which of them would hold?
        Bad("ASPEN_SNET_CONCURRENCY", V,
            "the limit for every other box is given twice");
      PlainSeen = true;
      EngineSettings.Concurrency = unsigned(N);
    } else {
      std::string Box = Part.substr(0, Colon);
      const std::vector<std::string> &Boxes = boxNames();
      if (std::find(Boxes.begin(), Boxes.end(), Box) == Boxes.end()) {
        std::string Known;
        for (const std::string &B : Boxes)
          Known += (Known.empty() ? "" : ", ") + B;
        Bad("ASPEN_SNET_CONCURRENCY", V,
            ("this program has no box named '" + Box + "' (" +
             (Known.empty() ? std::string("it has no boxes")
                            : "its boxes: " + Known) +
             ")")
                .c_str());
      }
      for (const auto &[Name, Limit] : EngineSettings.PerBox)
        if (Name == Box)
          Bad("ASPEN_SNET_CONCURRENCY", V,
              ("box '" + Box + "' is named twice").c_str());
      EngineSettings.PerBox.push_back({Box, unsigned(N)});
    }
    if (Comma == std::string::npos)
      break;
    Pos = Comma + 1;
  }
}

void aspen::snet::runNetwork(gen::Module &Self, const Graph &G) {
  // On the heap, not this fiber's stack: the helper fibers use the engine
  // while this one waits, and a waiting fiber's stack may hold another's
  // bytes (shared stacks, ASPEN_OWN_STACKS).
  auto E = std::make_unique<Engine>(Self, G);
  E->run();
}

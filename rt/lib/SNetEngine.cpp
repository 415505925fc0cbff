//===- SNetEngine.cpp - The data-centric S-Net engine ---------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Runs a network the way the FRONT runtime does (Grelck and Gijsbers, "An
// Efficient Scalable Runtime System for S-Net"), on the program's workers:
//
//  - The property graph (snet.h) is static. Only boxes and synchro-cells are
//    entities with an input stream; routing (serial, parallel, star, split,
//    feedback) and filters are stateless, so the worker that holds a record
//    performs them inline, in stream order, until the record reaches an
//    entity or leaves the network. A record carries its continuation: the
//    star depths and split values on it name its replica, so replicas exist
//    only as keys of synchro-cell state, made when a record first needs one.
//  - Streams are unbounded (LinkedMPSCQueue): a box may emit any number of
//    records, and a worker never blocks on a full stream.
//  - A stream that becomes non-empty pokes its entity. One poker at a time
//    examines it (Examiner): for a box it claims records, numbers them and
//    puts them, as read licences, on its own work-stealing deque, up to the
//    box's concurrency limit; for a synchro-cell it runs the cell over the
//    whole stream. The licence last pushed is the next one popped, so a
//    worker follows its record through the graph; idle workers steal the
//    oldest licences, nearest the network's input.
//  - Boxes are stateless, so several workers run one box at once. Each
//    invocation's outputs go to the slot of its number in a ring, and the
//    box's collector (another Examiner) forwards slots strictly in number
//    order: output order per stream is the input order, as if the box ran
//    alone.
//  - The network instance's own fiber admits input records only while fewer
//    than a bound are in flight (FRONT's input control) and sends what
//    leaves; helper fibers, one per worker, run the licences.
//
// Ordering: every stream is FIFO (each is fed by one examiner at a time, in
// order); merges after `|`, `*` and `!` interleave their branches in the
// order records reach them, which S-Net leaves open.
//
//===----------------------------------------------------------------------===//

#include "Demangle.h"
#include "Env.h"
#include "PathMap.h"
#include "RuntimeImpl.h"
#include "SNetContinuation.h"
#include "Scheduler.h"
#include "Trace.h"
#include "aspen/rt/Examiner.h"
#include "aspen/rt/LinkedMPSCQueue.h"
#include "aspen/rt/WorkStealingDeque.h"
#include "aspen/snet.h"
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;

namespace {

struct Entity;
struct Lane;
/// A record in a stream, or claimed from one (a read licence).
struct Item : LinkedMPSCNode {
  Item(Record R, Cont K) : R(std::move(R)), K(std::move(K)) {}
  Record R;
  Cont K;
  uint64_t Seq = 0;
  Entity *E = nullptr;
  Lane *L = nullptr;
};

/// One replica of a synchro-cell: the record held for each pattern, left
/// in the Item it arrived in (holding moves no record; the merge reads each
/// once), inline up to InlineHeld patterns; and which are held. A record
/// is held for every free pattern it matches, so one Item may fill several
/// slots. Owns the Items it holds, so records still held when the network
/// ends are freed.
struct SyncState {
  static constexpr size_t InlineHeld = 4;
  SyncState() = default;
  SyncState(SyncState &&O) noexcept { take(O); }
  SyncState &operator=(SyncState &&O) noexcept {
    if (this != &O) {
      release();
      take(O);
    }
    return *this;
  }
  ~SyncState() { release(); }

  bool has(size_t I) const { return Has >> I & 1; }
  bool full(size_t N) const {
    return Has == (N == 64 ? ~0ull : (1ull << N) - 1);
  }
  bool holdsAny() const { return Has != 0; }
  /// How many records (not slots) are held.
  uint32_t records() const { return Records; }
  /// The patterns (bit I: pattern I) It could be held for here: those it
  /// matches (Matches, from matchMask) that are free.
  uint64_t freeOf(uint64_t Matches) const { return Matches & ~Has; }
  /// Holds It for the patterns in Free (non-zero, from freeOf) of NP.
  void hold(uint64_t Free, size_t NP, Item *It) {
    if (NP > InlineHeld && !Heap)
      Heap.reset(new Item *[NP]());
    for (uint64_t B = Free; B; B &= B - 1)
      slot(size_t(__builtin_ctzll(B))) = It;
    Has |= Free;
    ++Records;
  }
  /// The first match of every pattern (all are held) merged into one
  /// record: pattern 0's record whole, and of each other one the labels
  /// of its pattern; their Items are freed.
  Record merge(const std::vector<Pattern> &Pats) {
    Item *First = slot(0);
    Record Merged = std::move(First->R);
    for (size_t J = 1; J < Pats.size(); ++J)
      if (slot(J) != First)
        Merged.absorb(std::move(slot(J)->R), Pats[J].Type);
    release();
    return Merged;
  }

  bool Fired = false;

private:
  Item *&slot(size_t I) { return Heap ? Heap[I] : Inline[I]; }
  void release() {
    for (uint64_t B = Has; B; B &= B - 1) {
      const size_t I = size_t(__builtin_ctzll(B));
      Item *It = slot(I);
      // Delete each Item once: at the last slot it fills.
      bool Later = false;
      for (uint64_t C = B & (B - 1); C && !Later; C &= C - 1)
        Later = slot(size_t(__builtin_ctzll(C))) == It;
      if (!Later)
        delete It;
    }
    for (uint64_t B = Has; B; B &= B - 1)
      slot(size_t(__builtin_ctzll(B))) = nullptr;
    Has = 0;
    Records = 0;
  }
  void take(SyncState &O) {
    // Has says which slots are live, in O as here: O's are left as they are.
    std::copy(O.Inline, O.Inline + InlineHeld, Inline);
    Heap = std::move(O.Heap);
    Has = O.Has;
    Records = O.Records;
    Fired = O.Fired;
    O.Has = 0;
    O.Records = 0;
  }
  uint64_t Has = 0; // bit I: pattern I is held (at most 64 patterns)
  uint32_t Records = 0;
  Item *Inline[InlineHeld] = {};
  std::unique_ptr<Item *[]> Heap; // more than InlineHeld patterns
};

/// Looks for a licence before a helper parks: when another helper is
/// running a box, and when none is.
constexpr int BusySpins = 4096, IdleSpins = 64;

/// How many licences a helper runs between looks at the network's fiber.
constexpr unsigned GiveWayEvery = 64;

/// How many invocations of one box may be under way; bounds the ring.
constexpr unsigned RingSize = 64;

/// One stream of a box, with its own licences and collector. A box that
/// is not inside a star or a split has one lane. Inside one, S-Net gives
/// every replica its own copy of the box, so order holds only per replica:
/// replicas are hashed onto lanes, and a slow invocation holds back only
/// the records of its own lane, not the whole box.
struct Lane {
  LinkedMPSCQueue<Item> In;
  Examiner Claim;       // hands out licences
  uint64_t NextSeq = 0; // the claim examiner's
  alignas(64) std::atomic<unsigned> Active{0};
  std::atomic<uint64_t> Drained{0};
  Examiner Collect;
  uint64_t CollectPos = 0; // the collector's
  /// One invocation's outputs, already routed by its invoker as far as
  /// they go without an entity: the collector only has to push them, in
  /// order, into the streams they reached (null: the network's exit).
  struct Slot {
    std::atomic<bool> Ready{false};
    std::vector<std::pair<Entity *, Item *>> Out;
  };
  Slot Slots[RingSize];
};

/// Lanes of a box inside a star or a split.
constexpr unsigned ReplicaLanes = 64;

/// A box or a synchro-cell of the property graph.
struct Entity {
  const Node *N = nullptr;

  // Boxes.
  unsigned Limit = 1; // invocations at once, per lane
  std::vector<std::unique_ptr<Lane>> Lanes;

  // Synchro-cells: one stream, run by one examiner at a time.
  LinkedMPSCQueue<Item> In;
  Examiner Claim;
  // The network's own fiber does not examine a cell (a pass may be long, or
  // endless when a record goes round a star for ever, and the fiber must
  // keep admitting input and sending output): it pushes this licence
  // (E = this, L = null) for a helper, at most one at a time.
  Item ExamineLicence{Record(), Cont()};
  std::atomic<bool> LicencePending{false};
  // Written by the examiner only, read by ASPEN_DUMP.
  std::atomic<int64_t> HeldRecords{0}, HoldingReplicas{0};
  void countHeld(int64_t Records, int64_t Replicas) {
    HeldRecords.store(HeldRecords.load(std::memory_order_relaxed) + Records,
                      std::memory_order_relaxed);
    HoldingReplicas.store(HoldingReplicas.load(std::memory_order_relaxed) +
                              Replicas,
                          std::memory_order_relaxed);
  }

  // Synchro-cells: state per replica, keyed by its path (the claim
  // examiner's). A cell that has fired keeps only that fact; under a star
  // (next), not even that.
  PathMap<SyncState> States;
  std::vector<long> Scratch;

  // A synchro-cell that is the whole operand of a star, `[| ... |] * P`:
  // a replica that has fired is the identity, and a record passing it
  // unchanged cannot match P, so records may skip it. Per instance of the
  // star (its path) the first replica that has not fired, the ones beyond
  // that fired early, and how many hold records. Fired replicas are
  // forgotten, and an instance none of whose replicas holds a record is
  // forgotten whole: every replica it would start from is fresh again.
  int Star = -1;
  struct StarState {
    long First = 1;
    long InFlight = 0; // merged records on their way to the next replica
    std::vector<long> FiredAhead;
    std::vector<std::pair<long, SyncState>> Live; // replicas holding records
    /// For PathMap, which reuses a forgotten instance's entry: keeps the
    /// vectors' room.
    void clear() {
      First = 1;
      InFlight = 0;
      FiredAhead.clear();
      Live.clear();
    }
  };
  // Keyed by the instance's replica path, which is read off the arriving
  // record's own frames (just made by this worker, so in its cache): no
  // walk over the frames of a record that arrived earlier.
  PathMap<StarState> Stars;
};

class Engine;
/// Running networks, for ASPEN_DUMP.
std::mutex EnginesLock;
std::vector<Engine *> Engines;

/// Helper fibers must outlive the scheduler's last look at them, which is
/// after their body returns: they are kept until the program exits.
std::mutex HelpersLock;
std::vector<std::unique_ptr<Fiber>> AllHelpers;

/// ASPEN_SNET_WORKERS and ASPEN_SNET_CONCURRENCY, read and checked once
/// at start-up (checkSNetEnvironment); 0 where unset.
struct {
  unsigned Workers = 0;
  unsigned Concurrency = 0;                             // the plain `N`
  std::vector<std::pair<std::string, unsigned>> PerBox; // `Box:N`
} Settings;

unsigned concurrencyFor(const std::string &Box, unsigned Default) {
  for (const auto &[Name, N] : Settings.PerBox)
    if (Name == Box)
      return N;
  return Settings.Concurrency ? Settings.Concurrency : Default;
}

class Engine {
public:
  Engine(ModuleBase &Self, const Graph &G);
  ~Engine() {
    std::lock_guard<std::mutex> Lock(EnginesLock);
    Engines.erase(std::find(Engines.begin(), Engines.end(), this));
  }
  void run();
  const Instance *instance() const { return Self.AspenSelf; }
  std::string describeState() const;

private:
  void pump();
  struct Step {
    bool Enter;
    int Node;
    Record R;
    Cont K;
  };
  struct Worker {
    WorkStealingDeque<Item *> Licences;
    std::vector<Step> Stack;
    /// While an invocation routes its outputs: where they stop, in order.
    std::vector<std::pair<Entity *, Item *>> *Capture = nullptr;
    /// Reused, so steady state allocates no vectors: a box's outputs, and
    /// the spare a collector swaps into the slot it empties.
    std::vector<Record> Outs;
    std::vector<std::pair<Entity *, Item *>> Spare;
    Fiber *F = nullptr;
    std::atomic<bool> Sleeping{false};
    uint64_t Rand = 0;
    unsigned SinceLook = 0; // licences run since it looked at the main fiber
  };

  void helper(Worker &W);
  bool findLicence(Worker &W, Item *&It);
  void invoke(Worker &W, Item *It);
  void claim(Worker &W, Entity &E, Lane &L);
  void collect(Worker &W, Entity &E, Lane &L);
  void runSync(Worker &W, Entity &E, Item *It);
  void runStarSync(Worker &W, Entity &E, Item *It);
  void route(Worker &W, Step S);
  void route(Worker &W, size_t Base);
  bool enter(Worker &W, Step &S);
  bool leave(Worker &W, Step &S);
  void toEntity(Worker &W, Entity &E, Record R, Cont K);
  void push(Worker &W, Entity &E, Item *It);
  void examine(Worker &W, Entity &E);
  void toExit(Item *It);
  void recordDone();
  void wakeHelper();
  bool giveWay(Worker &W);
  void wakeMain();
  void fail(std::exception_ptr E);

  ModuleBase &Self;
  const Graph &G;
  std::vector<std::unique_ptr<Entity>> Entities; // by node id; null: inline
  std::vector<std::unique_ptr<Worker>> Workers;  // helpers, then the main
  unsigned NumHelpers = 1;
  int64_t AdmitLimit = 64;
  LinkedMPSCQueue<Item> Exit;

  alignas(64) std::atomic<int64_t> Pending{0}; // records in or at entities
  alignas(64) std::atomic<int> NumSleeping{0};
  alignas(64) std::atomic<bool> MainWaiting{false};
  std::atomic<bool> Stop{false};
  std::atomic<int> HelpersAlive{0};
  std::atomic<bool> Failed{false};
  std::exception_ptr Error;
  std::mutex ErrorLock;
};

Engine::Engine(ModuleBase &Self, const Graph &G) : Self(Self), G(G) {
  Scheduler *S = currentScheduler();
  NumHelpers = Settings.Workers ? Settings.Workers : S ? S->workerCount() : 1;
  AdmitLimit = 64 * int64_t(NumHelpers);
  Entities.resize(G.Nodes.size());
  std::vector<int> Parent(G.Nodes.size(), -1);
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    for (int C : G.Nodes[I].Children)
      Parent[C] = int(I);
  for (size_t I = 0; I < G.Nodes.size(); ++I) {
    const Node &N = G.Nodes[I];
    if (N.K != Node::Box && N.K != Node::Sync)
      continue;
    if (N.K == Node::Sync && N.Patterns.size() > 64)
      throw std::length_error("a synchro-cell of " +
                              std::to_string(N.Patterns.size()) +
                              " patterns: at most 64 are supported");
    auto E = std::make_unique<Entity>();
    E->N = &N;
    E->ExamineLicence.E = E.get();
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
  for (size_t I = 0; I < G.Nodes.size(); ++I)
    if (G.Nodes[I].K == Node::Star) {
      int C = G.Nodes[I].Children[0];
      if (G.Nodes[C].K == Node::Sync)
        Entities[C]->Star = int(I);
    }
  for (unsigned I = 0; I <= NumHelpers; ++I) {
    auto W = std::make_unique<Worker>();
    W->Rand = 0x9E3779B97F4A7C15ull * (I + 1);
    Workers.push_back(std::move(W));
  }
  std::lock_guard<std::mutex> Lock(EnginesLock);
  Engines.push_back(this);
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
      int64_t Held = E->HeldRecords.load(std::memory_order_relaxed);
      if (Held == 0)
        continue;
      std::string Pats;
      for (const Pattern &P : E->N->Patterns) {
        std::string T;
        for (const Label &L : P.Type)
          T += (T.empty() ? "" : ", ") +
               (L.IsTag ? "<" + L.S.name() + ">" : L.S.name());
        Pats += (Pats.empty() ? "{" : ", {") + T + "}";
      }
      S += "\nsynchro-cell [| " + Pats + " |]: " + std::to_string(Held) +
           " records held in " +
           std::to_string(E->HoldingReplicas.load(std::memory_order_relaxed)) +
           " replicas";
    }
  }
  return S;
}

//===----------------------------------------------------------------------===//
// Routing: what the worker holding a record does inline
//===----------------------------------------------------------------------===//

/// " at main.asp:3:7", where N is in the program, for messages.
static std::string at(const Node &N) {
  return N.Where.empty() ? std::string() : " at " + N.Where;
}

static bool hasLabels(const Record &R, const Labels &T) {
  for (const Label &L : T)
    if (L.IsTag ? !R.hasTag(L.S) : !R.hasField(L.S))
      return false;
  return true;
}

void Engine::route(Worker &W, Step First) {
  size_t Base = W.Stack.size();
  W.Stack.push_back(std::move(First));
  route(W, Base);
}

void Engine::route(Worker &W, size_t Base) {
  // Records routed from inside a synchro-cell re-enter here; each call
  // finishes only the steps above its base.
  while (W.Stack.size() > Base) {
    Step S = std::move(W.Stack.back());
    W.Stack.pop_back();
    // One record, step by step, in place; only a filter's further outputs
    // wait on the stack, above the ones still waiting from before, so the
    // first output is routed all the way before the second.
    while (S.Enter ? enter(W, S) : leave(W, S)) {
    }
  }
}

void Engine::toExit(Item *It) {
  Exit.push(It);
  wakeMain();
}

bool Engine::enter(Worker &W, Step &S) {
  const int Id = S.Node;
  const Node &N = G.Nodes[Id];
  switch (N.K) {
  case Node::Box:
  case Node::Sync:
    toEntity(W, *Entities[Id], std::move(S.R), std::move(S.K));
    return false;
  case Node::Filter: {
    if (!N.Patterns[0].matches(S.R))
      throw PayloadTypeError("the filter" + at(N) + " got a record of type " +
                             describe(S.R) +
                             (hasLabels(S.R, N.Patterns[0].Type)
                                  ? ", for which its pattern's guard is false"
                                  : ", which lacks labels of its pattern"));
    std::vector<Record> Outs;
    N.FilterFun(S.R, Outs);
    if (Outs.empty())
      return false;
    for (size_t I = Outs.size() - 1; I > 0; --I) {
      inherit(Outs[I], S.R, N.Patterns[0].Type);
      W.Stack.push_back({false, -1, std::move(Outs[I]), S.K});
    }
    inherit(Outs[0], S.R, N.Patterns[0].Type);
    S.R = std::move(Outs[0]);
    S.Enter = false;
    return true;
  }
  case Node::Serial:
    S.Node = N.Children[0];
    S.K.push(Id, false, 1);
    return true;
  case Node::Parallel: {
    // Best match: the branch whose matching input type has most labels.
    int Best = -1;
    size_t BestScore = 0;
    for (size_t B = 0; B < N.Children.size(); ++B)
      for (const Labels &T : N.BranchInputs[B]) {
        if ((Best < 0 || T.size() > BestScore) && hasLabels(S.R, T)) {
          Best = int(B);
          BestScore = T.size();
        }
      }
    if (Best < 0)
      throw PayloadTypeError("no branch of the parallel composition" + at(N) +
                             " accepts a record of type " + describe(S.R));
    S.Node = N.Children[Best];
    return true;
  }
  case Node::Star:
    if (N.Patterns[0].matches(S.R)) { // tested before the first replica too
      S.Enter = false;
    } else {
      S.Node = N.Children[0];
      S.K.push(Id, true, 1);
    }
    return true;
  case Node::Split: {
    if (!S.R.hasTag(N.Tag))
      throw PayloadTypeError("the split ! <" + N.Tag.name() + ">" + at(N) +
                             " got a record of type " + describe(S.R) +
                             ", without its tag");
    long V = S.R.tag(N.Tag);
    S.Node = N.Children[0];
    S.K.push(Id, true, V);
    return true;
  }
  case Node::Feedback:
    S.Node = N.Children[0];
    S.K.push(Id, false, 0);
    return true;
  }
  return false;
}

bool Engine::leave(Worker &W, Step &S) {
  if (S.K.empty()) {
    auto *It = new Item(std::move(S.R), Cont());
    if (W.Capture)
      W.Capture->push_back({nullptr, It});
    else
      toExit(It);
    return false;
  }
  Frame &F = S.K.top();
  const Node &N = G.Nodes[F.Node];
  switch (N.K) {
  case Node::Serial:
    if (size_t(F.Value) < N.Children.size()) {
      S.Enter = true;
      S.Node = N.Children[F.Value++];
    } else {
      S.K.pop();
    }
    return true;
  case Node::Star:
    // Out of replica F.Value: leave, or unfold the next replica.
    if (N.Patterns[0].matches(S.R)) {
      S.K.pop();
    } else {
      S.Enter = true;
      S.Node = N.Children[0];
      ++F.Value;
    }
    return true;
  case Node::Feedback:
    if (N.Patterns[0].matches(S.R)) {
      S.Enter = true; // round again, in the same frame
      S.Node = N.Children[0];
    } else {
      S.K.pop();
    }
    return true;
  default: // Split and the rest: the record simply continues
    S.K.pop();
    return true;
  }
}

void Engine::toEntity(Worker &W, Entity &E, Record R, Cont K) {
  auto *It = new Item(std::move(R), std::move(K));
  if (W.Capture)
    W.Capture->push_back({&E, It});
  else
    push(W, E, It);
}

void Engine::push(Worker &W, Entity &E, Item *It) {
  Pending.fetch_add(1, std::memory_order_relaxed);
  if (E.N->K == Node::Box) {
    // The replica's lane.
    size_t Index = E.Lanes.size() > 1
                       ? size_t(pathHash(It->K, It->K.depth()) % E.Lanes.size())
                       : 0;
    Lane &L = *E.Lanes[Index];
    L.In.push(It);
    L.Claim.poke([&] { claim(W, E, L); });
    return;
  }
  E.In.push(It);
  if (&W == Workers[NumHelpers].get()) { // the network's own fiber
    if (!E.LicencePending.exchange(true, std::memory_order_acq_rel)) {
      W.Licences.push(&E.ExamineLicence);
      wakeHelper();
    }
    return;
  }
  examine(W, E);
}

void Engine::examine(Worker &W, Entity &E) {
  E.Claim.poke([&] {
    while (Item *It = E.In.pop())
      runSync(W, E, It);
  });
}

void Engine::recordDone() {
  int64_t Before = Pending.fetch_sub(1, std::memory_order_acq_rel);
  if (Before == 1 || Before == AdmitLimit)
    wakeMain();
}

//===----------------------------------------------------------------------===//
// Boxes: licences, invocation, the order-restoring collector
//===----------------------------------------------------------------------===//

void Engine::claim(Worker &W, Entity &E, Lane &L) {
  bool Any = false;
  while (L.Active.load(std::memory_order_acquire) < E.Limit &&
         L.NextSeq - L.Drained.load(std::memory_order_acquire) < RingSize) {
    Item *It = L.In.pop();
    if (!It)
      break;
    It->Seq = L.NextSeq++;
    It->E = &E;
    It->L = &L;
    L.Active.fetch_add(1, std::memory_order_relaxed);
    W.Licences.push(It);
    Any = true;
  }
  if (Any)
    wakeHelper();
}

void Engine::invoke(Worker &W, Item *It) {
  Entity &E = *It->E;
  Lane &L = *It->L;
  const Node &N = *E.N;
  std::vector<Record> &Outs = W.Outs;
  Outs.clear();
  uint64_t T0 = trace::Enabled ? trace::now() : 0;
  if (!N.Patterns[0].matches(It->R))
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) +
                           " got a record of type " + describe(It->R));
  try {
    N.BoxFun(It->R, Outs);
    if (trace::Enabled)
      trace::record(trace::Box, &N.Name, &Self.AspenSelf->Name, T0,
                    trace::now(), Outs.size());
  } catch (FieldTypeError &X) {
    // Taking the input's labels: a field of another type than box()'s
    // parameter means a wrong type or parameters out of the signature's
    // order.
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) + ": " + X.what() +
                           " (box() takes the labels of its signature's "
                           "input, in that order)");
  } catch (PayloadTypeError &X) {
    throw PayloadTypeError("box '" + N.Name + "'" + at(N) + ": " + X.what());
  } catch (std::exception &X) {
    throw std::runtime_error("box '" + N.Name + "'" + at(N) + " threw " +
                             demangle(typeid(X).name()) + ": " + X.what());
  } catch (...) {
    throw std::runtime_error("box '" + N.Name + "'" + at(N) +
                             " threw an exception that is not a "
                             "std::exception");
  }
  // Route the outputs here, in parallel with other invocations, as far as
  // they go without touching an entity; the collector does the rest.
  Lane::Slot &S = L.Slots[It->Seq % RingSize];
  W.Capture = &S.Out;
  struct Reset {
    Worker &W;
    ~Reset() { W.Capture = nullptr; }
  } ResetCapture{W};
  // Flow inheritance: the input's labels that the box's input type does
  // not name go to every output. They are found once, not once per output
  // (a box may emit many records), and there are usually none.
  Record Extra;
  inherit(Extra, It->R, N.Patterns[0].Type);
  const bool Inherits = !Extra.empty();
  for (auto O = Outs.rbegin(); O != Outs.rend(); ++O) {
    if (Inherits)
      inherit(*O, Extra, {});
    W.Stack.push_back({false, -1, std::move(*O), It->K});
  }
  size_t Base = W.Stack.size() - Outs.size();
  route(W, Base);
  W.Capture = nullptr;
  delete It;
  S.Ready.store(true, std::memory_order_release);
  L.Active.fetch_sub(1, std::memory_order_acq_rel);
  L.Collect.poke([&] { collect(W, E, L); });
  L.Claim.poke([&] { claim(W, E, L); });
}

void Engine::collect(Worker &W, Entity &E, Lane &L) {
  bool Any = false;
  for (;;) {
    Lane::Slot &S = L.Slots[L.CollectPos % RingSize];
    if (!S.Ready.load(std::memory_order_acquire))
      break;
    std::vector<std::pair<Entity *, Item *>> Outs;
    Outs.swap(W.Spare);
    Outs.swap(S.Out); // the slot keeps the spare's room
    S.Ready.store(false, std::memory_order_relaxed);
    L.Drained.store(++L.CollectPos, std::memory_order_release);
    for (auto &[To, It] : Outs)
      if (To)
        push(W, *To, It);
      else
        toExit(It);
    Outs.clear();
    W.Spare.swap(Outs);
    recordDone();
    Any = true;
  }
  if (Any) // room in the ring again
    L.Claim.poke([&] { claim(W, E, L); });
}

//===----------------------------------------------------------------------===//
// Synchro-cells
//===----------------------------------------------------------------------===//

/// A synchro-cell's state for the replica whose path is made of the first
/// Depth frames of K (States per replica, Stars per star instance), made on
/// first use. The path goes into Scratch, read off the record's own frames
/// in the pass that hashes it.
template <typename V>
static typename PathMap<V>::Index stateFor(PathMap<V> &M,
                                           std::vector<long> &Scratch,
                                           const Cont &K, uint32_t Depth) {
  Scratch.clear();
  uint64_t Hash = pathHash(K, Depth, &Scratch);
  return M.findOrInsert(Hash, Scratch.data(), Scratch.size());
}

/// The patterns of a cell R matches: bit I for pattern I.
static uint64_t matchMask(const std::vector<Pattern> &Pats, const Record &R) {
  uint64_t M = 0;
  for (size_t I = 0; I < Pats.size(); ++I)
    if (Pats[I].matches(R))
      M |= 1ull << I;
  return M;
}

void Engine::runSync(Worker &W, Entity &E, Item *It) {
  if (E.Star >= 0) {
    runStarSync(W, E, It);
    return;
  }
  const Node &N = *E.N;
  // A record no pattern matches passes without a look at (or a state made
  // for) its replica.
  if (const uint64_t Matches = matchMask(N.Patterns, It->R)) {
    SyncState &S =
        E.States[stateFor(E.States, E.Scratch, It->K, It->K.depth())];
    const uint32_t Before = S.records();
    const uint64_t Free = S.Fired ? 0 : S.freeOf(Matches);
    if (Free) {
      S.hold(Free, N.Patterns.size(), It); // S owns It from here
      if (S.full(N.Patterns.size())) {
        E.countHeld(-int64_t(Before), Before ? -1 : 0);
        Cont K = std::move(It->K);
        Record Merged = S.merge(N.Patterns);
        S.Fired = true;
        route(W, {false, -1, std::move(Merged), std::move(K)});
      } else {
        E.countHeld(1, Before ? 0 : 1);
      }
      recordDone();
      return;
    }
  }
  // Fired, or matching only patterns already held: passes through.
  Record R = std::move(It->R);
  Cont K = std::move(It->K);
  delete It;
  route(W, {false, -1, std::move(R), std::move(K)});
  recordDone();
}

void Engine::runStarSync(Worker &W, Entity &E, Item *It) {
  const Node &N = *E.N;
  const Node &Star = G.Nodes[E.Star];
  const Record &R = It->R;
  // Fired replicas are identities, and a fresh one holds any record that
  // matches a pattern; a record that matches none would pass replica
  // after replica for ever (it did not match the exit pattern on the way
  // in, and nothing changes it). Say so, instead of spinning.
  const uint64_t Matches = matchMask(N.Patterns, R);
  if (!Matches)
    throw PayloadTypeError(
        "a record of type " + describe(R) + " can never leave the star" +
        (Star.Where.empty() ? "" : " at " + Star.Where) +
        ": it matches no pattern of the synchro-cell it repeats, so it "
        "would pass through replicas for ever");
  Cont &K = It->K;
  // K ends in the star's frame, {star, depth}; the instance is the path
  // of the frames before it.
  const long Arrived = K.top().Value;
  auto InstPos = stateFor(E.Stars, E.Scratch, K, K.depth() - 1);
  Entity::StarState &Inst = E.Stars[InstPos];
  if (Arrived > 1 && Inst.InFlight > 0)
    --Inst.InFlight; // a merged record, back from the replica it left
  auto Fired = [&](long D) {
    return std::find(Inst.FiredAhead.begin(), Inst.FiredAhead.end(), D) !=
           Inst.FiredAhead.end();
  };
  // Replicas before First have fired, and so have those in FiredAhead:
  // identities the record passes. It stops at the first replica that has
  // a free pattern it matches. Replicas are made in depth order, each at
  // the first depth neither fired nor live, so fired and live replicas
  // together are the depths First .. Last, and Live is sorted by depth:
  // the record only needs to visit the live ones from where it arrived,
  // in order, and a fresh replica goes after Last. (Looking each depth up
  // instead made N records held in N replicas cost O(N^3).)
  const long Start = std::max(Arrived, Inst.First);
  const long Last =
      Inst.First - 1 + long(Inst.Live.size() + Inst.FiredAhead.size());
  auto Live = std::lower_bound(
      Inst.Live.begin(), Inst.Live.end(), Start,
      [](const auto &L, long D) { return L.first < D; });
  uint64_t Free = 0;
  for (; Live != Inst.Live.end(); ++Live)
    if ((Free = Live->second.freeOf(Matches)))
      break; // else only patterns this replica holds already: pass it
  {
    SyncState *S;
    long Depth;
    if (Live != Inst.Live.end()) {
      Depth = Live->first;
      S = &Live->second;
    } else {
      Depth = std::max(Start, Last + 1);
      Free = Matches;
      Inst.Live.emplace_back(Depth, SyncState());
      Live = Inst.Live.end() - 1;
      S = &Live->second;
      E.countHeld(0, 1);
    }
    const uint32_t Before = S->records();
    S->hold(Free, N.Patterns.size(), It); // S owns It from here
    if (!S->full(N.Patterns.size())) {
      E.countHeld(1, 0);
      recordDone(); // held
      return;
    }
    E.countHeld(-int64_t(Before), -1);
    if (Before == 0 && !Inst.InFlight && !Star.Patterns[0].matches(R) &&
        std::next(Live) == Inst.Live.end())
      // It fired a fresh replica alone: the merge is the record itself, so
      // with no record held or coming back further on, it would fire every
      // fresh replica after this one in turn.
      throw PayloadTypeError(
          "a record of type " + describe(R) + " can never leave the star" +
          (Star.Where.empty() ? "" : " at " + Star.Where) +
          ": it matches every pattern of the synchro-cell it repeats by "
          "itself, and not the exit pattern, so it would pass through "
          "replicas for ever");
    Cont Next = std::move(K);
    Record Merged = S->merge(N.Patterns);
    Inst.Live.erase(Live);
    if (Depth == Inst.First) {
      ++Inst.First;
      while (Fired(Inst.First)) {
        Inst.FiredAhead.erase(std::find(Inst.FiredAhead.begin(),
                                        Inst.FiredAhead.end(), Inst.First));
        ++Inst.First;
      }
    } else {
      Inst.FiredAhead.push_back(Depth);
    }
    Next.top().Value = Depth; // the replica that fired
    // The merged record leaves the star, or comes back to the next
    // replica. Only when nothing is held and nothing is on its way back
    // may the instance be forgotten (every replica fresh again): a record
    // still coming back must meet the later arrivals that pass the fired
    // replicas before it.
    if (!Star.Patterns[0].matches(Merged))
      ++Inst.InFlight;
    else if (Inst.Live.empty() && Inst.FiredAhead.empty() && !Inst.InFlight)
      E.Stars.erase(InstPos);
    route(W, {false, -1, std::move(Merged), std::move(Next)});
    recordDone();
    return;
  }
}

//===----------------------------------------------------------------------===//
// Workers
//===----------------------------------------------------------------------===//

void Engine::wakeHelper() {
  fullFence(); // Dekker with a sleeper's announce-then-look
  if (NumSleeping.load(std::memory_order_relaxed) == 0)
    return;
  for (unsigned I = 0; I < NumHelpers; ++I) {
    Worker &H = *Workers[I];
    if (H.Sleeping.load(std::memory_order_relaxed) &&
        H.Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      currentScheduler()->wake(H.F);
      return;
    }
  }
}

/// Helpers keep their workers while licences last, so the network's own
/// fiber, once woken, could wait long for a worker to run it: its exit
/// queue then grows by every record that leaves (PowerOfTwo(20): 338 MiB).
/// A helper that finds it waiting sleeps instead, and the fiber wakes the
/// sleepers at its next turn while licences wait. Dekker with pump(): the
/// helper announces its sleep and then looks at the fiber's state; the
/// fiber, once running, fences and then looks for sleepers. True: park.
bool Engine::giveWay(Worker &W) {
  Fiber &Main = Self.AspenSelf->F;
  int S = Main.St.load(std::memory_order_relaxed);
  if (S != Fiber::Ready && S != Fiber::Runnable)
    return false;
  W.F->St.store(Fiber::Parking, std::memory_order_relaxed);
  W.Sleeping.store(true, std::memory_order_relaxed);
  NumSleeping.fetch_add(1, std::memory_order_seq_cst);
  fullFence();
  S = Main.St.load(std::memory_order_acquire);
  if ((S == Fiber::Ready || S == Fiber::Runnable) &&
      !Stop.load(std::memory_order_acquire))
    return true;
  if (W.Sleeping.exchange(false, std::memory_order_acq_rel)) {
    NumSleeping.fetch_sub(1, std::memory_order_relaxed);
    W.F->St.store(Fiber::Running, std::memory_order_relaxed);
    return false;
  }
  return true; // a waker took the flag: park, and be woken at once
}

void Engine::wakeMain() {
  fullFence();
  if (MainWaiting.load(std::memory_order_relaxed) &&
      MainWaiting.exchange(false, std::memory_order_acq_rel))
    currentScheduler()->wake(&Self.AspenSelf->F);
}

void Engine::fail(std::exception_ptr X) {
  {
    std::lock_guard<std::mutex> Lock(ErrorLock);
    if (!Error)
      Error = X;
  }
  Failed.store(true, std::memory_order_release);
  wakeMain();
}

bool Engine::findLicence(Worker &W, Item *&It) {
  return W.Licences.pop(It) ||
         stealFromRandom(Workers, W, W.Rand,
                         [&](Worker &V) { return V.Licences.steal(It); });
}

void Engine::helper(Worker &W) {
  Scheduler *S = currentScheduler();
  while (!Stop.load(std::memory_order_acquire) &&
         !Failed.load(std::memory_order_relaxed)) {
    Item *It = nullptr;
    bool Got = false;
    // While another helper is busy, its next outputs are likely soon: look
    // for a while before parking, since waking a parked helper costs a
    // futex round trip on the scheduler's side.
    // Never while a fiber waits for this worker: the network's own fiber
    // and its neighbours need it to move records in and out.
    int Spins =
        NumSleeping.load(std::memory_order_relaxed) + 1 < int(NumHelpers)
            ? BusySpins
            : IdleSpins;
    for (int Spin = 0; Spin < Spins && !Got; ++Spin) {
      if ((Got = findLicence(W, It)))
        break;
      if (Stop.load(std::memory_order_relaxed) ||
          (Spin % 64 == 63 && !S->maySpin()))
        break;
      __builtin_ia32_pause();
    }
    if (Got) {
      try {
        if (!It->L) { // a synchro-cell to examine, from the network's fiber
          // An exchange, not a store: it acquires the fiber's push of the
          // records this licence stands for.
          It->E->LicencePending.exchange(false, std::memory_order_acq_rel);
          examine(W, *It->E);
          continue;
        }
        invoke(W, It);
      } catch (...) {
        fail(std::current_exception());
        break;
      }
      // Now and then: if the network's own fiber is waiting for a worker
      // (to send what left, or admit input), give it this one.
      if (++W.SinceLook == GiveWayEvery) {
        W.SinceLook = 0;
        if (giveWay(W))
          S->park(); // the network's fiber wakes us (pump)
      }
      continue;
    }
    // Sleep: announce, look once more, then park.
    W.F->St.store(Fiber::Parking, std::memory_order_relaxed);
    W.Sleeping.store(true, std::memory_order_relaxed);
    NumSleeping.fetch_add(1, std::memory_order_seq_cst);
    fullFence();
    bool Work = Stop.load(std::memory_order_acquire);
    for (auto &V : Workers)
      Work = Work || !V->Licences.empty();
    if (Work && W.Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      W.F->St.store(Fiber::Running, std::memory_order_relaxed);
      continue;
    }
    S->park(); // a waker took our flag, or will
  }
  if (HelpersAlive.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    MainWaiting.store(true, std::memory_order_relaxed); // always wake it
    wakeMain();
  }
}

//===----------------------------------------------------------------------===//
// The network instance's fiber: input control and output
//===----------------------------------------------------------------------===//

void Engine::run() {
  Instance &I = *Self.AspenSelf;
  Scheduler *S = currentScheduler();
  HelpersAlive.store(int(NumHelpers));
  for (unsigned H = 0; H < NumHelpers; ++H) {
    auto F = std::make_unique<Fiber>();
    Worker *W = Workers[H].get();
    W->F = F.get();
    F->Owner = &I;
    F->TraceName = &I.Name;
    F->Body = [this, W] { helper(*W); };
    Fiber *Raw = F.get();
    {
      std::lock_guard<std::mutex> Lock(HelpersLock);
      AllHelpers.push_back(std::move(F));
    }
    S->spawnNow(Raw);
  }

  try {
    pump();
  } catch (...) {
    fail(std::current_exception());
  }

  // Stop the helpers and wait for the last to leave.
  Stop.store(true, std::memory_order_release);
  for (unsigned H = 0; H < NumHelpers; ++H)
    if (Workers[H]->Sleeping.exchange(false, std::memory_order_acq_rel)) {
      NumSleeping.fetch_sub(1, std::memory_order_relaxed);
      S->wake(Workers[H]->F);
    }
  while (HelpersAlive.load(std::memory_order_acquire) != 0) {
    I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
    MainWaiting.store(true, std::memory_order_relaxed);
    fullFence();
    if (HelpersAlive.load(std::memory_order_acquire) == 0) {
      MainWaiting.store(false, std::memory_order_relaxed);
      I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      break;
    }
    S->park();
  }
  if (Failed.load(std::memory_order_acquire))
    std::rethrow_exception(Error);
}

void Engine::pump() {
  Instance &I = *Self.AspenSelf;
  InputPort &In = I.Inputs[0];
  Scheduler *S = currentScheduler();
  Worker &Main = *Workers[NumHelpers];
  bool InputDone = false;
  auto Admit = [&](Payload *P) {
    QueueElement Q(P);
    wakeProducers(In);
    if (!P || typeid(*P) != typeid(Record)) {
      const Node &Root = G.Nodes[G.Root];
      throw PayloadTypeError(
          "the network" + (Root.Where.empty() ? "" : " at " + Root.Where) +
          " received " +
          (P ? "a payload of type '" + demangle(typeid(*P).name()) + "'"
             : std::string("an empty element")) +
          "; networks take aspen::snet::Record payloads");
    }
    Record &R = *static_cast<Record *>(P);
    route(Main, {true, G.Root, std::move(R), Cont()});
  };
  while (!Failed.load(std::memory_order_acquire)) {
    bool Progress = false;
    // Helpers that gave way to this fiber (giveWay) sleep until it runs.
    fullFence();
    if (NumSleeping.load(std::memory_order_relaxed) > 0) {
      bool Licences = false;
      for (auto &V : Workers)
        Licences = Licences || !V->Licences.empty();
      for (unsigned K = 0; Licences && K < NumHelpers; ++K)
        wakeHelper();
    }
    while (Item *It = Exit.pop()) {
      Record *Out = new Record(std::move(It->R));
      delete It;
      Self.aspenSend(0, Out);
      Progress = true;
    }
    if (!InputDone && Pending.load(std::memory_order_acquire) < AdmitLimit) {
      Payload *P = nullptr;
      if (In.tryPop(P)) {
        Admit(P);
        continue;
      }
      if (In.OpenProducers.load(std::memory_order_acquire) == 0) {
        if (In.tryPop(P))
          Admit(P);
        else
          InputDone = true;
        continue;
      }
    }
    if (InputDone && Pending.load(std::memory_order_acquire) == 0 &&
        !Exit.mayHaveItems())
      break;
    if (Progress)
      continue;
    // Wait for output, input, room to admit, or the end.
    I.F.St.store(Fiber::Parking, std::memory_order_relaxed);
    MainWaiting.store(true, std::memory_order_relaxed);
    bool WantInput = !InputDone;
    if (WantInput)
      In.Consumer.store(&I.F, std::memory_order_relaxed);
    fullFence();
    int64_t P = Pending.load(std::memory_order_acquire);
    bool Ready = Failed.load() || Exit.mayHaveItems() ||
                 (InputDone && P == 0) ||
                 (WantInput && P < AdmitLimit &&
                  (In.size() != 0 ||
                   In.OpenProducers.load(std::memory_order_acquire) == 0));
    if (Ready) {
      In.Consumer.store(nullptr, std::memory_order_relaxed);
      MainWaiting.store(false, std::memory_order_relaxed);
      I.F.St.store(Fiber::Running, std::memory_order_relaxed);
      continue;
    }
    I.Blocked = Instance::Dequeue;
    I.BlockedPort = 0;
    S->park();
    I.Blocked = Instance::None;
    In.Consumer.store(nullptr, std::memory_order_relaxed);
    MainWaiting.store(false, std::memory_order_relaxed);
  }
}

} // namespace

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
  Settings.Workers = unsigned(envSize("ASPEN_SNET_WORKERS", 0, 1, 4096));
  const char *V = std::getenv("ASPEN_SNET_CONCURRENCY");
  if (!V || !*V)
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
      Settings.Concurrency = unsigned(N);
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
      for (const auto &[Name, Limit] : Settings.PerBox)
        if (Name == Box)
          Bad("ASPEN_SNET_CONCURRENCY", V,
              ("box '" + Box + "' is named twice").c_str());
      Settings.PerBox.push_back({Box, unsigned(N)});
    }
    if (Comma == std::string::npos)
      break;
    Pos = Comma + 1;
  }
}

void aspen::snet::runNetwork(ModuleBase &Self, const Graph &G) {
  Engine E(Self, G);
  E.run();
}

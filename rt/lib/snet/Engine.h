//===- Engine.h - The data-centric S-Net engine -----------------*- C++ -*-===//
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
// Files: Engine.cpp (entities, settings, the entry points), Routing.cpp
// (what the runner holding a record does inline), Boxes.cpp (licences,
// invocation, the order-restoring collector), SyncCells.cpp,
// Deterministic.cpp (`||`, `**`, `!!`), Runners.cpp
// (helper fibers: finding work, sleeping, waking), Network.cpp (the
// network instance's fiber: input control and output).
//
// Ordering: every stream is FIFO (each is fed by one examiner at a time, in
// order); merges after `|`, `*` and `!` interleave their branches in the
// order records reach them, which S-Net leaves open. The deterministic
// forms `||`, `**` and `!!` are entities too (Deterministic.cpp): records
// inside carry a ticket for the input they descend from, and what leaves
// goes on in the order of the inputs. Only boxes, filters and cells inside
// one keep tickets' counts; elsewhere routing is as it was.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SNET_ENGINE_H
#define ASPEN_RT_SNET_ENGINE_H

#include "aspen/gen/snet_graph.h"
#include "queue/Queues.h"
#include "sched/Scheduler.h"
#include "snet/Continuation.h"
#include "snet/RouteCache.h"
#include "snet/SNet.h"
#include <atomic>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace aspen::snet::engine {

using namespace aspen::rt;

struct Entity;
struct Lane;
/// A record in a stream, or claimed from one (a read licence).
struct Item : LinkedMPSCNode {
  // By reference: a record and its continuation are moved once, into the
  // Item, not first into parameters.
  Item(Record &&R, Cont &&K) : R(std::move(R)), K(std::move(K)) {}
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
  /// order, into the streams they reached. They are chained through the
  /// Items themselves (Next; E is the entity, null: the network's exit),
  /// which the invoker has just written, so filling a slot touches one
  /// word of it, where a vector per slot cost two cold lines per output.
  struct Slot {
    std::atomic<bool> Ready{false};
    Item *Head = nullptr;
  };
  Slot Slots[RingSize];
};

/// Lanes of a box inside a star or a split.
constexpr unsigned ReplicaLanes = 64;

/// One input record of an instance of a deterministic combinator (`||`,
/// `**`, `!!`): every record inside the instance that descends from it
/// carries a frame naming this ticket. Count is how many of them are in
/// flight: 1 when the input enters; a box or filter that turns one into k
/// adds k - 1, a synchro-cell that holds one takes 1 (a held record no
/// longer counts: the record that fires the cell continues as the merged
/// one), and one leaving the combinator takes 1. At 0 no record of this
/// input is left inside; the zero is final, since only a counted record
/// makes more. Count is atomic (boxes anywhere change it); the rest is the
/// combinator's examiner's.
struct Ticket {
  std::atomic<int64_t> Count{1};
  uint32_t Inst = 0;       // the instance's entry in Entity::Dets
  bool Done = false;       // the examiner has seen Count reach 0
  std::vector<Item *> Out; // left while an earlier input was unfinished
};

/// An Item on a deterministic combinator's stream that says a ticket's
/// Count reached 0 elsewhere than at the combinator's exit.
constexpr uint64_t DetNotice = ~0ull;

/// An Item on a `||`'s stream that is an initialiser's firing on its way
/// to the box (Seq - DetInit: the box's node id). The examiner gives it a
/// ticket of its own, after those of the inputs that came before it
/// (fireInit).
constexpr uint64_t DetInit = DetNotice - (1ull << 32);

/// One instance of a deterministic combinator (per replica path, when it is
/// inside a star or a split): its unfinished inputs in arrival order. What
/// leaves for the first goes on at once; what leaves for a later one waits
/// in its ticket until every input before it is done. Forgotten when no
/// input is unfinished.
struct DetInstance {
  std::deque<Ticket *> Tickets;
  DetInstance() = default;
  DetInstance(DetInstance &&) = default;
  DetInstance &operator=(DetInstance &&O) noexcept {
    clear();
    Tickets.swap(O.Tickets);
    return *this;
  }
  ~DetInstance() { clear(); }
  /// Frees what a failed network left unfinished.
  void clear() {
    for (Ticket *T : Tickets) {
      for (Item *It : T->Out)
        delete It;
      delete T;
    }
    Tickets.clear();
  }
};

// A synchro-cell that is the whole operand of a star, `[| ... |] * P`:
// a replica that has fired is the identity, and a record passing it
// unchanged cannot match P, so records may skip it. Per instance of the
// star (its path): the window of replicas First .. Last, each fired or
// holding records (live), and per pattern the live replicas where it is
// still free, so that a record finds the replica that takes it without
// passing the others one by one. Fired replicas at the shallow end leave
// the window, and an instance none of whose replicas holds a record is
// forgotten whole: every replica it would start from is fresh again.
struct StarState {
  long First = 1;    // replicas before First have fired
  long Last = 0;     // the deepest replica made
  long InFlight = 0; // merged records on their way to the next replica
  uint32_t Live = 0; // replicas holding records
  /// Replica D at D mod the ring's size (a power of two, at least the
  /// window's length); a fired replica's state holds nothing. A window
  /// of one replica, which most instances never outgrow (Cholesky's
  /// joins, fib's pairs), lives in One, inside the entry: the look-up
  /// that finds the instance has brought it into the cache already.
  SyncState One;
  std::vector<SyncState> Ring; // empty while the window fits One
  /// Per pattern: the live replicas where it is free. Made only when the
  /// window first holds two replicas: most instances never do (fib's
  /// join one pair each), and with one replica its state says it all.
  std::vector<RingBitset> Free;
  size_t capacity() const { return Ring.empty() ? 1 : Ring.size(); }
  SyncState &at(long D) {
    return Ring.empty() ? One : Ring[size_t(D) & (Ring.size() - 1)];
  }
  /// The first live replica from Start with a free
  /// pattern among Matches, or RingBitset::None.
  long find(uint64_t Matches, long Start) {
    if (Free.empty()) // a window of one replica at most
      return Live && Last >= Start && at(Last).freeOf(Matches)
                 ? Last
                 : RingBitset::None;
    long Depth = RingBitset::None;
    for (uint64_t B = Matches; B; B &= B - 1) {
      const long D = Free[size_t(__builtin_ctzll(B))].next(
          Start, Depth < 0 ? Last : Depth - 1);
      if (D != RingBitset::None)
        Depth = D;
    }
    return Depth;
  }
  /// Records that pattern I of replica D is free (On) or not.
  void setFree(size_t I, long D, bool On) {
    if (Free.empty())
      return;
    if (On)
      Free[I].insert(D);
    else
      Free[I].erase(D);
  }
  /// Room for replicas First .. D, for a cell of NP patterns.
  void reserve(long D, size_t NP) {
    const size_t Need = size_t(D - First + 1);
    if (Need <= capacity())
      return;
    size_t Cap = 2 * capacity();
    while (Cap < Need)
      Cap *= 2;
    std::vector<SyncState> New(Cap);
    for (long V = First; V <= Last; ++V)
      New[size_t(V) & (Cap - 1)] = std::move(at(V));
    Ring.swap(New);
    if (!Free.empty()) {
      for (RingBitset &F : Free)
        F.resize(Cap, First, Last);
      return;
    }
    Free.resize(NP);
    for (RingBitset &F : Free)
      F.resize(Cap, First, Last);
    for (long V = First; V <= Last; ++V)
      if (at(V).holdsAny())
        for (size_t I = 0; I < NP; ++I)
          if (!at(V).has(I))
            Free[I].insert(V);
  }
  /// For PathMap, which reuses a forgotten instance's entry (whose
  /// replicas all fired, so the ring and the sets are empty): keeps the
  /// room.
  void clear() {
    First = 1;
    Last = 0;
    InFlight = 0;
    Live = 0;
    for (RingBitset &F : Free)
      F.clear();
  }
};

/// A synchro-cell's stream and the state of its replicas, or one shard of
/// them. Replicas never share state, so a cell inside a star or a split is
/// cut into shards by replica path (Entity::shardOf), each with its own
/// stream, examiner and tables: the cell then runs on several workers at
/// once, where one examiner for the whole cell made it the bottleneck of a
/// data-driven network (Cholesky's update cell kept one worker busy while
/// the other waited). Records of one replica all go to one shard, in the
/// order they were pushed, so each replica's stream stays FIFO.
struct alignas(64) CellShard {
  LinkedMPSCQueue<Item> In;
  Examiner Claim;
  // The network's own fiber does not examine a cell (a pass may be long, or
  // endless when a record goes round a star for ever, and the fiber must
  // keep admitting input and sending output): it pushes this licence
  // (E = the entity, L = null, Seq = the shard's index) for a helper, at
  // most one at a time.
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
  // State per replica, keyed by its path (the examiner's). A cell that has
  // fired keeps only that fact; under a star (Stars), not even that.
  PathMap<SyncState> States;
  PathSet FiredReplicas; // replicas that fired (not under a star)
  // Keyed by the instance's replica path, which is read off the arriving
  // record's own frames (just made by this worker, so in its cache): no
  // walk over the frames of a record that arrived earlier.
  PathMap<StarState> Stars;
  std::vector<long> Scratch;
  /// The patterns (a bit each) the last few record types matched, for a
  /// cell none of whose patterns has a guard: then a type decides them.
  struct Matched {
    LabelSeq Labels;
    uint64_t Mask = 0;
  };
  Matched Memo[4];
  unsigned MemoUsed = 0, MemoNext = 0;
};

/// How many shards a cell inside a star or a split has per helper (a power
/// of two): enough that two busy replicas rarely share one.
constexpr unsigned ShardsPerHelper = 8;

/// A box or a synchro-cell of the property graph.
struct Entity {
  const Node *N = nullptr;
  int Id = -1; // N's index in the graph

  // Boxes.
  unsigned Limit = 1; // invocations at once, per lane
  std::vector<std::unique_ptr<Lane>> Lanes;

  // Synchro-cells: the stream and state, in shards (CellShard).
  std::vector<std::unique_ptr<CellShard>> Shards;
  /// The shard of the replica a record on its way to this cell is in (of
  /// the star instance, for a cell that is a star's whole operand). The
  /// shard is taken from the hash's top bits: a shard's tables index
  /// their slots by the low ones.
  CellShard &shardOf(const Cont &K) const {
    if (Shards.size() == 1)
      return *Shards[0];
    const uint64_t H = pathHash(K, Star >= 0 ? K.depth() - 1 : K.depth());
    return *Shards[H >> ShardShift];
  }
  unsigned ShardShift = 64;
  // A synchro-cell that is the whole operand of a star (StarState): the
  // star's node id.
  int Star = -1;
  // A synchro-cell with a guard on a pattern: what it matches is not its
  // type's alone (CellShard::Memo).
  bool Guarded = false;

  // A deterministic combinator (Det) is an entity too: records entering it
  // and leaving it, and notices of finished inputs, go through its stream
  // (its one shard's, as a synchro-cell's), so its instances' state is its
  // examiner's alone. InDet: a box, filter or cell inside one, which keeps
  // the counts of the tickets its records carry.
  bool Det = false;
  bool InDet = false;
  PathMap<DetInstance> Dets; // a Det has one shard, whose examiner owns these
  std::vector<long> Scratch;
};

class Engine;
/// Running networks, for ASPEN_DUMP.
extern std::mutex EnginesLock;
extern std::vector<Engine *> Engines;

/// Helper fibers must outlive the scheduler's last look at them, which is
/// after their body returns: they are kept until the program exits.
extern std::mutex HelpersLock;
extern std::vector<std::unique_ptr<Fiber>> AllHelpers;

/// ASPEN_SNET_WORKERS and ASPEN_SNET_CONCURRENCY, read and checked once
/// at start-up (checkSNetEnvironment); 0 where unset.
struct Settings {
  unsigned Workers = 0;
  bool Routes = true;       // ASPEN_SNET_ROUTES: replay routes (else walk all)
  unsigned Concurrency = 0; // the plain `N`
  std::vector<std::pair<std::string, unsigned>> PerBox; // `Box:N`
};
extern Settings EngineSettings;

/// A box's concurrency limit: ASPEN_SNET_CONCURRENCY's for it, or Default.
unsigned concurrencyFor(const std::string &Box, unsigned Default);

class Engine {
public:
  Engine(gen::Module &Self, const Graph &G);
  ~Engine() {
    std::lock_guard<std::mutex> Lock(EnginesLock);
    Engines.erase(std::find(Engines.begin(), Engines.end(), this));
  }
  void run();
  const Instance *instance() const { return ModuleAccess::self(Self); }
  std::string describeState() const;

private:
  void pump();
  struct Step {
    bool Enter;
    int Node;
    Record R;
    Cont K;
  };
  struct Runner {
    WorkStealingDeque<Item *> Licences;
    std::vector<Step> Stack;
    /// While an invocation routes its outputs: where they stop, in order.
    std::vector<std::pair<Entity *, Item *>> *Capture = nullptr;
    std::vector<std::pair<Entity *, Item *>> Captured; // Capture's
    /// Reused, so steady state allocates no vectors: a box's outputs, and
    /// the spare a collector swaps into the slot it empties.
    std::vector<Record> Outs;
    std::vector<Record> FilterOuts; // a filter's outputs (enter)
    std::vector<long> PathScratch;  // a replica's path (newReplica)
    /// Records this runner finished whose count in Pending it has not
    /// taken back yet: the next record it counts reuses one (no atomic
    /// write), and the rest go back in one write when its licence ends or
    /// 16 have gathered (settle), so the network's fiber never sees the
    /// count stale by more than that. Pending, written by every worker for
    /// every record, was the hottest shared line of a data-driven network. It
    /// may only overstate what is in flight, never understate it, so deferring
    /// decrements is safe and deferring increments would not be.
    int64_t Owed = 0;
    /// Routes this runner walked, replayed for records like theirs
    /// (RouteCache.h); and while one is walked for it (finish): its steps
    /// so far (null: none is recorded), whether it may be kept, where it
    /// started and the record's labels.
    RouteCache Routes;
    std::vector<RouteOp> *Rec = nullptr;
    bool RecOk = false;
    RouteKey RecKey;
    LabelSeq RecLabels;
    std::vector<RouteOp> RecOps;
    bool NewRoute = false; // a walked step was taken (pauseRoute)
    Fiber *F = nullptr;
    std::atomic<bool> Sleeping{false};
    uint64_t Rand = 0;
    unsigned SinceLook = 0; // licences run since it looked at the main fiber
    /// Firings of each box, filter and synchro-cell (by node id) this
    /// runner performed, summed when the network ends (ASPEN_STATS). Each
    /// runner writes only its own; the padding (CountPad on both sides)
    /// keeps the ends off the cache lines of other runners' allocations.
    std::vector<uint64_t> Counts;
    void fired(int Node) { ++Counts[CountPad + size_t(Node)]; }
  };
  static constexpr size_t CountPad = 8;

  void runHelper(Runner &W);
  bool findLicence(Runner &W, Item *&It);
  void invoke(Runner &W, Item *It);
  void claim(Runner &W, Entity &E, Lane &L);
  void collect(Runner &W, Entity &E, Lane &L);
  /// Runs a cell on a record from its stream (Queued: counted in Pending,
  /// which this then decrements) or straight from push.
  void runSync(Runner &W, Entity &E, CellShard &Sh, Item *It, bool Queued);
  void runCell(Runner &W, Entity &E, CellShard &Sh, Item *It);
  void runStarSync(Runner &W, Entity &E, CellShard &Sh, Item *It);
  void runDet(Runner &W, Entity &E, Item *It);
  void advanceDet(Runner &W, Entity &E, uint32_t Inst);
  void countDet(Runner &W, const Cont &K, int64_t Delta);
  /// Entering det node Id for the first time, not from its own examiner.
  bool detEntry(const Node &N, int Id, const Cont &K) const {
    return N.Deterministic && (K.empty() || !K.top().Det || K.top().Node != Id);
  }
  void route(Runner &W, Step &&S);
  void route(Runner &W, size_t Base);
  /// Routes S step by step until it stops at an entity or leaves.
  void finish(Runner &W, Step &S);
  bool enter(Runner &W, Step &S);
  bool leave(Runner &W, Step &S);
  /// The cache's key for a route starting at S, or false if no route from
  /// there is kept (the network's exit, a deterministic combinator's frame).
  bool routeKey(const Step &S, RouteKey &K) const;
  /// The route being recorded takes step Op.
  static void rec(Runner &W, RouteOp Op) {
    if (!W.Rec)
      return;
    if (W.Rec->size() == RouteCache::MaxOps)
      W.RecOk = false;
    else
      W.Rec->push_back(Op);
  }
  /// The route being recorded will not be kept.
  static void noRoute(Runner &W) { W.RecOk = false; }
  /// The route being recorded ends here (before the record goes on to an
  /// entity or out, which may route others): kept if it may be.
  static void endRoute(Runner &W) {
    if (!W.Rec)
      return;
    W.Routes.insert(W.RecKey, W.RecLabels, *W.Rec, !W.RecOk);
    W.Rec = nullptr;
  }
  /// The route being recorded ends before a step that is walked every
  /// time (entering Node, or leaving a frame); after that step, the caller
  /// sets W.NewRoute, and finish looks for the next route.
  static void pauseRoute(Runner &W, bool Enter, int Node) {
    rec(W, {RouteOp::Resume, Enter, Node, 0});
    endRoute(W);
  }
  /// Applies route E to S: true if it took the record to an entity or out,
  /// false if it paused before a step to walk (S is set up for it).
  bool replay(Runner &W, const RouteCache::Entry &E, Step &S);
  /// A record leaves the network (the end of every route that does).
  void exitNetwork(Runner &W, Step &S);
  void toEntity(Runner &W, Entity &E, Record &&R, Cont &&K);
  void push(Runner &W, Entity &E, Item *It);
  void examine(Runner &W, Entity &E, CellShard &Sh);
  void drain(Runner &W, Entity &E, CellShard &Sh);
  void toExit(Item *It);
  void enterInputs(Runner &W);
  /// A record counted in Pending was finished by W (settled soon).
  void recordDone(Runner &W) {
    if (++W.Owed >= 16)
      settle(W);
  }
  /// A record pushed by W is counted in Pending.
  void countPending(Runner &W) {
    if (W.Owed > 0)
      --W.Owed;
    else
      Pending.fetch_add(1, std::memory_order_relaxed);
  }
  /// Takes W's finished records out of Pending, waking the network's
  /// fiber when that empties the network or opens room to admit input.
  void settle(Runner &W);
  void wakeHelper();
  bool giveWay(Runner &W);
  void wakeMain();
  void fail(std::exception_ptr E);
  void keepStats();

  gen::Module &Self;
  const Graph &G;
  std::vector<std::unique_ptr<Entity>> Entities; // by node id; null: inline
  std::vector<std::unique_ptr<Runner>> Runners;  // helpers, then the main
  unsigned NumHelpers = 1;
  int64_t AdmitLimit = 64;
  LinkedMPSCQueue<Item> Exit;
  /// Records admitted by the network's fiber, routed by a helper in stream
  /// order (enterInputs), through one licence at a time.
  LinkedMPSCQueue<Item> Inputs;
  Examiner InputClaim;
  Item InputLicence{Record(), Cont()};
  std::atomic<bool> InputLicencePending{false};
  /// By node id: inside a deterministic combinator (filters count tickets).
  std::vector<char> InDet;
  /// Initialiser boxes, and the continuation of their outputs.
  std::vector<std::pair<int, Cont>> Inits;
  /// Initialisers inside a star's or a split's operand fire once in every
  /// replica of the innermost such combinator, when a record first makes
  /// it, as S-Net's do (newReplica). By that star's or split's node (null
  /// for the others): its initialisers, each with the frames from the
  /// operand down to it, and the replicas made so far. Only networks with
  /// such an initialiser pay the lookup, once per record entering a replica.
  struct ReplicaInits {
    std::vector<std::pair<int, Cont>> Boxes;
    std::mutex M;
    PathSet Made;
  };
  std::vector<std::unique_ptr<ReplicaInits>> PerReplica;
  void newReplica(Runner &W, int Node, const Cont &K);
  void makeReplica(Runner &W, int Node, const Cont &K, bool Counted);
  /// Star or split Node is deterministic or inside a deterministic
  /// combinator: a firing in its replicas counts in the tickets it carries.
  bool detScope(int Node) const {
    return InDet[size_t(Node)] || G.Nodes[size_t(Node)].Deterministic;
  }
  /// Where an invocation's captured outputs hold newReplica's question.
  Entity ReplicaQuestion;
  void fireInit(Runner &W, int Box, Cont K, uint32_t From);

  alignas(64) std::atomic<int64_t> Pending{0}; // records in or at entities
  alignas(64) std::atomic<int> NumSleeping{0};
  alignas(64) std::atomic<bool> MainWaiting{false};
  std::atomic<bool> Stop{false};
  std::atomic<int> HelpersAlive{0};
  std::atomic<bool> Failed{false};
  std::exception_ptr Error;
  std::mutex ErrorLock;
  // The network's own fiber's (ASPEN_STATS).
  uint64_t RecordsIn = 0, RecordsOut = 0;
};

/// " at main.asp:3:7", where N is in the program, for messages.
inline std::string at(const Node &N) {
  return N.Where.empty() ? std::string() : " at " + N.Where;
}

} // namespace aspen::snet::engine

#endif // ASPEN_RT_SNET_ENGINE_H

//===- SyncCells.cpp - Synchro-cells, and synchro-cells under a star ------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "snet/Engine.h"
#include "trace/Trace.h"

using namespace aspen;
using namespace aspen::rt;
using namespace aspen::snet;

namespace aspen::snet::engine {

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

/// matchMask, remembered per record type when no pattern has a guard (a
/// cell sees a few types, one per pattern or so: Cholesky's update cell
/// three, tested once each instead of at every record).
static uint64_t matchMask(const Entity &E, CellShard &Sh, const Record &R) {
  if (E.Guarded)
    return matchMask(E.N->Patterns, R);
  for (unsigned I = 0; I < Sh.MemoUsed; ++I)
    if (Sh.Memo[I].Labels.fits(R))
      return Sh.Memo[I].Mask;
  const uint64_t M = matchMask(E.N->Patterns, R);
  CellShard::Matched &Slot = Sh.Memo[Sh.MemoNext++ % std::size(Sh.Memo)];
  Slot.Labels.assign(R);
  Slot.Mask = M;
  Sh.MemoUsed = std::min<unsigned>(Sh.MemoUsed + 1, std::size(Sh.Memo));
  return M;
}

void Engine::runSync(Runner &W, Entity &E, CellShard &Sh, Item *It,
                     bool Queued) {
  if (E.Det) { // always queued; it counts its records itself
    runDet(W, E, It);
    return;
  }
  if (E.Star >= 0)
    runStarSync(W, E, Sh, It);
  else
    runCell(W, E, Sh, It);
  // After the record's descendants were pushed and counted, if any.
  if (Queued)
    recordDone(W);
}

void Engine::runCell(Runner &W, Entity &E, CellShard &Sh, Item *It) {
  const Node &N = *E.N;
  // A record no pattern matches passes without a look at (or a state made
  // for) its replica; so does one whose replica has fired.
  if (const uint64_t Matches = matchMask(E, Sh, It->R)) {
    Sh.Scratch.clear();
    const uint64_t Hash = pathHash(It->K, It->K.depth(), &Sh.Scratch);
    const bool Fired =
        Sh.FiredReplicas.contains(Hash, Sh.Scratch.data(), Sh.Scratch.size());
    const auto Index = Fired ? 0
                             : Sh.States.findOrInsert(Hash, Sh.Scratch.data(),
                                                      Sh.Scratch.size());
    SyncState *S = Fired ? nullptr : &Sh.States[Index];
    const uint32_t Before = S ? S->records() : 0;
    const uint64_t Free = S ? S->freeOf(Matches) : 0;
    if (Free) {
      S->hold(Free, N.Patterns.size(), It); // S owns It from here
      if (S->full(N.Patterns.size())) {
        Sh.countHeld(-int64_t(Before), Before ? -1 : 0);
        Cont K = std::move(It->K);
        Record Merged = S->merge(N.Patterns);
        // All the replica keeps now is that it fired: a few words in the
        // set instead of its whole state (poweroftwo2 fires 2^20 - 1).
        Sh.States.erase(Index);
        Sh.FiredReplicas.insert(Hash, Sh.Scratch.data(), Sh.Scratch.size());
        W.fired(E.Id);
        route(W, {false, -1, std::move(Merged), std::move(K)});
      } else {
        Sh.countHeld(1, Before ? 0 : 1);
        if (E.InDet)
          countDet(W, It->K, -1);
      }
      return;
    }
  }
  // Fired, or matching only patterns already held: passes through.
  Record R = std::move(It->R);
  Cont K = std::move(It->K);
  delete It;
  route(W, {false, -1, std::move(R), std::move(K)});
}

void Engine::runStarSync(Runner &W, Entity &E, CellShard &Sh, Item *It) {
  const Node &N = *E.N;
  const Node &Star = G.Nodes[E.Star];
  const Record &R = It->R;
  // Fired replicas are identities, and a fresh one holds any record that
  // matches a pattern; a record that matches none would pass replica
  // after replica for ever (it did not match the exit pattern on the way
  // in, and nothing changes it). Say so, instead of spinning.
  const uint64_t Matches = matchMask(E, Sh, R);
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
  auto InstPos = stateFor(Sh.Stars, Sh.Scratch, K, K.depth() - 1);
  StarState &Inst = Sh.Stars[InstPos];
  if (Arrived > 1 && Inst.InFlight > 0)
    --Inst.InFlight; // a merged record, back from the replica it left
  // Replicas before First have fired, and so have those of First .. Last
  // that hold nothing: identities the record passes. It stops at the first
  // replica from where it arrived that has a free pattern it matches, the
  // least member from Start of the free sets of those patterns; past Last,
  // at a fresh replica. (Visiting the live replicas one by one made N
  // records held cost O(N^2).)
  const size_t NP = N.Patterns.size();
  const long Start = std::max(Arrived, Inst.First);
  long Depth = Inst.find(Matches, Start);
  const bool Fresh = Depth == RingBitset::None;
  if (Fresh) {
    // Replicas are made in depth order, so a fresh one is the deepest.
    Depth = std::max(Start, Inst.Last + 1);
    Inst.reserve(Depth, NP);
    Inst.Last = Depth;
    ++Inst.Live;
    Sh.countHeld(0, 1);
  }
  SyncState &S = Inst.at(Depth);
  const uint64_t Free = S.freeOf(Matches);
  const uint32_t Before = S.records();
  S.hold(Free, NP, It); // S owns It from here
  const uint64_t All = NP == 64 ? ~0ull : (1ull << NP) - 1;
  for (uint64_t B = Fresh ? All & ~Free : Free; B; B &= B - 1)
    Inst.setFree(size_t(__builtin_ctzll(B)), Depth, Fresh);
  if (!S.full(NP)) {
    Sh.countHeld(1, 0);
    if (E.InDet)
      countDet(W, K, -1);
    return;
  }
  Sh.countHeld(-int64_t(Before), -1);
  if (Fresh && !Inst.InFlight && !Star.Patterns[0].matches(R))
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
  Record Merged = S.merge(N.Patterns); // S holds nothing now: fired
  W.fired(E.Id);
  --Inst.Live;
  while (Inst.First <= Inst.Last && !Inst.at(Inst.First).holdsAny())
    ++Inst.First;
  Next.top().Value = Depth; // the replica that fired
  // The merged record leaves the star, or comes back to the next replica.
  // Only when nothing is held and nothing is on its way back may the
  // instance be forgotten (every replica fresh again): a record still
  // coming back must meet the later arrivals that pass the fired replicas
  // before it.
  if (!Star.Patterns[0].matches(Merged))
    ++Inst.InFlight;
  else if (Inst.Live == 0 && !Inst.InFlight)
    Sh.Stars.erase(InstPos);
  route(W, {false, -1, std::move(Merged), std::move(Next)});
}

} // namespace aspen::snet::engine

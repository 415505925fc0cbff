//===- Routing.cpp - What the runner holding a record does inline ---------===//
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

static bool hasLabels(const Record &R, const Labels &T) {
  for (const Label &L : T)
    if (L.IsTag ? !R.hasTag(L.S) : !R.hasField(L.S))
      return false;
  return true;
}

void Engine::route(Runner &W, Step &&First) {
  // First goes all the way in place (not through the stack: two moves of a
  // record and its continuation fewer); a filter's further outputs wait
  // above Base and follow it, as they would have.
  const size_t Base = W.Stack.size();
  finish(W, First);
  route(W, Base);
}

void Engine::finish(Runner &W, Step &S) {
  for (;;) {
    // A route is looked up and recorded only outside another's recording
    // (a record an initialiser makes while one is walked).
    RouteKey Key;
    bool Mine = false;
    if (!W.Rec && EngineSettings.Routes && routeKey(S, Key)) {
      const RouteCache::Entry *E = W.Routes.find(Key, S.R);
      if (E && !E->Walk) {
        if (replay(W, *E, S))
          return;
        // Paused before a filter or a guard: that step is walked, and the
        // next route starts after it.
        const bool More = S.Enter ? enter(W, S) : leave(W, S);
        W.NewRoute = false;
        if (!More)
          return;
        continue;
      }
      if (!E && W.Routes.worthRecording(Key)) {
        Mine = true;
        W.RecKey = Key;
        W.RecLabels.assign(S.R);
        W.RecOps.clear();
        W.RecOk = true;
        W.Rec = &W.RecOps;
      }
    }
    struct Stop {
      Runner &W;
      bool Mine;
      ~Stop() {
        if (Mine)
          W.Rec = nullptr; // also when routing throws
      }
    } StopRecording{W, Mine};
    bool More;
    do
      More = S.Enter ? enter(W, S) : leave(W, S);
    while (More && !W.NewRoute);
    W.NewRoute = false;
    if (!More)
      return;
  }
}

bool Engine::routeKey(const Step &S, RouteKey &K) const {
  if (!S.Enter && (S.K.empty() || S.K.top().Det))
    return false;
  K.Enter = S.Enter;
  K.Depth = S.K.depth();
  if (S.Enter) {
    K.Node = S.Node;
    K.Value = 0;
  } else {
    const Frame &F = S.K.top();
    K.Node = F.Node;
    // A serial composition's frame says which child comes next; a star's
    // (the depth) and a split's (the tag's value) choose nothing.
    K.Value = G.Nodes[size_t(F.Node)].K == Node::Serial ? F.Value : 0;
  }
  return true;
}

bool Engine::replay(Runner &W, const RouteCache::Entry &E, Step &S) {
  for (const RouteOp &Op : E.Ops) {
    switch (Op.K) {
    case RouteOp::Push:
      S.K.push(Op.Node, Op.Replica, Op.Value);
      break;
    case RouteOp::PushTag: {
      Sym T;
      T.Id = uint32_t(Op.Value);
      S.K.push(Op.Node, true, S.R.tag(T));
      break;
    }
    case RouteOp::Pop:
      S.K.pop(uint32_t(Op.Value));
      break;
    case RouteOp::SetTop:
      S.K.top().Value = Op.Value;
      break;
    case RouteOp::IncTop:
      ++S.K.top().Value;
      break;
    case RouteOp::Fired:
      W.fired(Op.Node);
      break;
    case RouteOp::ToEntity:
      toEntity(W, *Entities[size_t(Op.Node)], std::move(S.R), std::move(S.K));
      return true;
    case RouteOp::ToExit:
      exitNetwork(W, S);
      return true;
    case RouteOp::Resume:
      S.Enter = Op.Replica;
      S.Node = Op.Node;
      return false;
    }
  }
  return false; // not reached: every route ends in one of the above
}

void Engine::exitNetwork(Runner &W, Step &S) {
  auto *It = new Item(std::move(S.R), Cont());
  if (W.Capture)
    W.Capture->push_back({nullptr, It});
  else
    toExit(It);
}

void Engine::route(Runner &W, size_t Base) {
  // Records routed from inside a synchro-cell re-enter here; each call
  // finishes only the steps above its base.
  while (W.Stack.size() > Base) {
    Step S = std::move(W.Stack.back());
    W.Stack.pop_back();
    // One record, step by step, in place; only a filter's further outputs
    // wait on the stack, above the ones still waiting from before, so the
    // first output is routed all the way before the second.
    finish(W, S);
  }
}

void Engine::toExit(Item *It) {
  Exit.push(It);
  wakeMain();
}

bool Engine::enter(Runner &W, Step &S) {
  const int Id = S.Node;
  const Node &N = G.Nodes[Id];
  switch (N.K) {
  case Node::Box:
    if (N.Initialiser) // only run fires it
      throw PayloadTypeError("initialiser box '" + N.Name + "'" + at(N) +
                             " got a record of type " + describe(S.R) +
                             "; it takes no input");
    [[fallthrough]];
  case Node::Sync:
    rec(W, {RouteOp::ToEntity, false, Id, 0});
    endRoute(W);
    toEntity(W, *Entities[Id], std::move(S.R), std::move(S.K));
    return false;
  case Node::Filter: {
    pauseRoute(W, true, Id); // its code makes the records that go on
    if (!N.Patterns[0].matches(S.R))
      throw PayloadTypeError("the filter" + at(N) + " got a record of type " +
                             describe(S.R) +
                             (hasLabels(S.R, N.Patterns[0].Type)
                                  ? ", for which its pattern's guard is false"
                                  : ", which lacks labels of its pattern"));
    // The runner's own vector, so a firing allocates none: a filter does
    // not route, so nothing else uses it until it is emptied below.
    std::vector<Record> &Outs = W.FilterOuts;
    Outs.clear();
    N.FilterFun(S.R, Outs);
    W.fired(Id);
    // Only a filter that made none can finish a ticket (and have its
    // combinator route records from here, through FilterOuts): it is
    // returned from at once below.
    if (InDet[Id] && Outs.size() != 1)
      countDet(W, S.K, int64_t(Outs.size()) - 1);
    if (Outs.empty())
      return false;
    // S.R matched the pattern: labels beyond it are what flows on.
    const bool Inherits = hasMoreLabels(S.R, N.Patterns[0].Type);
    for (size_t I = Outs.size() - 1; I > 0; --I) {
      if (Inherits)
        inherit(Outs[I], S.R, N.Patterns[0].Type);
      W.Stack.push_back({false, -1, std::move(Outs[I]), S.K});
    }
    if (Inherits)
      inherit(Outs[0], S.R, N.Patterns[0].Type);
    S.R = std::move(Outs[0]);
    Outs.clear();
    S.Enter = false;
    W.NewRoute = true;
    return true;
  }
  case Node::Serial:
    S.Node = N.Children[0];
    S.K.push(Id, false, 1);
    rec(W, {RouteOp::Push, false, Id, 1});
    return true;
  case Node::Parallel: {
    if (detEntry(N, Id, S.K)) {
      noRoute(W);
      endRoute(W);
      toEntity(W, *Entities[Id], std::move(S.R), std::move(S.K));
      return false;
    }
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
    W.fired(Id); // a dispatch, for ASPEN_STATS
    rec(W, {RouteOp::Fired, false, Id, 0});
    S.Node = N.Children[Best];
    return true;
  }
  case Node::Star:
    if (detEntry(N, Id, S.K)) {
      noRoute(W);
      endRoute(W);
      toEntity(W, *Entities[Id], std::move(S.R), std::move(S.K));
      return false;
    }
    if (N.Patterns[0].Guard)
      pauseRoute(W, true, Id);        // the guard reads tags
    if (N.Patterns[0].matches(S.R)) { // tested before the first replica too
      S.Enter = false;
    } else {
      S.Node = N.Children[0];
      S.K.push(Id, true, 1);
      rec(W, {RouteOp::Push, true, Id, 1});
      if (PerReplica[Id]) [[unlikely]] {
        noRoute(W);
        endRoute(W);
        newReplica(W, Id, S.K);
      }
    }
    if (N.Patterns[0].Guard)
      W.NewRoute = true;
    return true;
  case Node::Split: {
    if (detEntry(N, Id, S.K)) {
      noRoute(W);
      endRoute(W);
      toEntity(W, *Entities[Id], std::move(S.R), std::move(S.K));
      return false;
    }
    if (!S.R.hasTag(N.Tag))
      throw PayloadTypeError("the split ! <" + N.Tag.name() + ">" + at(N) +
                             " got a record of type " + describe(S.R) +
                             ", without its tag");
    long V = S.R.tag(N.Tag);
    S.Node = N.Children[0];
    S.K.push(Id, true, V);
    rec(W, {RouteOp::PushTag, true, Id, long(N.Tag.Id)});
    if (PerReplica[Id]) [[unlikely]] {
      noRoute(W);
      endRoute(W);
      newReplica(W, Id, S.K);
    }
    return true;
  }
  case Node::Feedback:
    S.Node = N.Children[0];
    S.K.push(Id, false, 0);
    rec(W, {RouteOp::Push, false, Id, 0});
    return true;
  }
  return false;
}

bool Engine::leave(Runner &W, Step &S) {
  if (S.K.empty()) {
    rec(W, {RouteOp::ToExit, false, 0, 0});
    endRoute(W);
    exitNetwork(W, S);
    return false;
  }
  Frame &F = S.K.top();
  if (F.Det) { // out of a deterministic combinator: its examiner orders it
    noRoute(W);
    endRoute(W);
    toEntity(W, *Entities[F.Node], std::move(S.R), std::move(S.K));
    return false;
  }
  const Node &N = G.Nodes[F.Node];
  switch (N.K) {
  case Node::Serial:
    if (size_t(F.Value) < N.Children.size()) {
      S.Enter = true;
      S.Node = N.Children[F.Value++];
      rec(W, {RouteOp::SetTop, false, 0, F.Value});
    } else {
      S.K.pop();
      rec(W, {RouteOp::Pop, false, 0, 1});
    }
    return true;
  case Node::Star: {
    const bool Guard = N.Patterns[0].Guard != nullptr;
    if (Guard)
      pauseRoute(W, false, F.Node); // the guard reads tags
    // Out of replica F.Value: leave, or unfold the next replica.
    if (N.Patterns[0].matches(S.R)) {
      S.K.pop();
      rec(W, {RouteOp::Pop, false, 0, 1});
    } else {
      S.Enter = true;
      S.Node = N.Children[0];
      ++F.Value;
      rec(W, {RouteOp::IncTop, false, 0, 0});
      if (PerReplica[size_t(S.K.top().Node)]) [[unlikely]] {
        noRoute(W);
        endRoute(W);
        newReplica(W, S.K.top().Node, S.K);
      }
    }
    W.NewRoute |= Guard;
    return true;
  }
  case Node::Feedback: {
    const bool Guard = N.Patterns[0].Guard != nullptr;
    if (Guard)
      pauseRoute(W, false, F.Node); // the guard reads tags
    if (N.Patterns[0].matches(S.R)) {
      S.Enter = true; // round again, in the same frame
      S.Node = N.Children[0];
    } else {
      S.K.pop();
      rec(W, {RouteOp::Pop, false, 0, 1});
    }
    W.NewRoute |= Guard;
    return true;
  }
  default: // Split and the rest: the record simply continues
    S.K.pop();
    rec(W, {RouteOp::Pop, false, 0, 1});
    return true;
  }
}

/// A record has entered the replica of star or split Node that K (whose
/// innermost frame is Node's) names: if it is the first to, the replica is
/// new, and the initialisers of Node's operand fire in it, their outputs
/// continuing from their places in this replica. Replicas are keyed by
/// their whole path, never by a hash alone. Inside `**`, `!!` or `||`, a
/// firing descends from the record that made the replica: the tickets it
/// carries count it, so its records leave in that record's turn.
///
/// Which record is first is decided in stream order. An invocation routes
/// its outputs before the collector puts them in order, so there the
/// question waits in the captured outputs, ahead of the record, for the
/// collector (makeReplica); the tickets count the firings meanwhile, while
/// the record that may make the replica still holds them open.
void Engine::newReplica(Runner &W, int Node, const Cont &K) {
  if (!W.Capture) {
    makeReplica(W, Node, K, false);
    return;
  }
  // A replica made already stays made: only a record that may be the
  // first needs the collector's answer (and an Item to carry the question).
  ReplicaInits &RI = *PerReplica[size_t(Node)];
  std::vector<long> &Path = W.PathScratch;
  Path.clear();
  const uint64_t H = pathHash(K, K.depth(), &Path);
  {
    std::lock_guard<std::mutex> Lock(RI.M);
    if (RI.Made.contains(H, Path.data(), Path.size()))
      return;
  }
  if (detScope(Node))
    countDet(W, K, int64_t(RI.Boxes.size()));
  auto *It = new Item(Record(), Cont(K));
  It->Seq = uint64_t(Node);
  W.Capture->push_back({&ReplicaQuestion, It});
}

/// newReplica's decision, in stream order; Counted: the tickets in K count
/// the firings already, and are given back if the replica is not new.
void Engine::makeReplica(Runner &W, int Node, const Cont &K, bool Counted) {
  ReplicaInits &RI = *PerReplica[size_t(Node)];
  const bool Det = detScope(Node);
  const int64_t Firings = int64_t(RI.Boxes.size());
  std::vector<long> &Path = W.PathScratch;
  Path.clear();
  uint64_t H = pathHash(K, K.depth(), &Path);
  bool New;
  {
    std::lock_guard<std::mutex> Lock(RI.M);
    New = !RI.Made.contains(H, Path.data(), Path.size());
    if (New)
      RI.Made.insert(H, Path.data(), Path.size());
  }
  if (Det && Counted != New)
    countDet(W, K, New ? Firings : -Firings);
  if (!New)
    return;
  for (const auto &[Box, Suffix] : RI.Boxes) {
    Cont Into = K;
    for (const Frame *F = Suffix.begin(), *E = F + Suffix.depth(); F != E; ++F)
      Into.push(*F);
    fireInit(W, Box, std::move(Into), K.depth());
  }
}

/// Sends an initialiser's firing (an empty record) along K, whose frames
/// from From on are those below its star, split or the root: to the box,
/// or first to the next `||` on the way (a Det frame without a ticket),
/// whose examiner numbers it among its inputs and sends it on (runDet).
void Engine::fireInit(Runner &W, int Box, Cont K, uint32_t From) {
  for (uint32_t J = From; J < K.depth(); ++J)
    if (K[J].Det && K[J].Value == 0) {
      Entity &D = *Entities[size_t(K[J].Node)];
      auto *It = new Item(Record(), std::move(K));
      It->Seq = DetInit + uint64_t(Box);
      push(W, D, It);
      return;
    }
  toEntity(W, *Entities[size_t(Box)], Record(), std::move(K));
}

void Engine::toEntity(Runner &W, Entity &E, Record &&R, Cont &&K) {
  auto *It = new Item(std::move(R), std::move(K));
  if (W.Capture)
    W.Capture->push_back({&E, It});
  else
    push(W, E, It);
}

void Engine::push(Runner &W, Entity &E, Item *It) {
  if (E.N->K == Node::Box) {
    countPending(W);
    // The replica's lane.
    size_t Index = E.Lanes.size() > 1
                       ? size_t(pathHash(It->K, It->K.depth()) % E.Lanes.size())
                       : 0;
    Lane &L = *E.Lanes[Index];
    L.In.push(It);
    L.Claim.poke([&] { claim(W, E, L); });
    return;
  }
  CellShard &Sh = E.shardOf(It->K);
  const bool Main = &W == Runners[NumHelpers].get(); // the network's fiber
  // A helper whose record reaches a cell that no one is examining runs the
  // cell on it at once: no trip through the stream, and no count in
  // Pending (the record it descends from is counted until this returns).
  // A deterministic combinator's records always queue: its examiner counts
  // them itself.
  if (!Main && !E.Det &&
      Sh.Claim.tryExamine([&] { runSync(W, E, Sh, It, false); },
                          [&] { drain(W, E, Sh); }))
    return;
  countPending(W);
  Sh.In.push(It);
  if (Main) {
    if (!Sh.LicencePending.exchange(true, std::memory_order_acq_rel)) {
      W.Licences.push(&Sh.ExamineLicence);
      wakeHelper();
    }
    return;
  }
  examine(W, E, Sh);
}

void Engine::examine(Runner &W, Entity &E, CellShard &Sh) {
  Sh.Claim.poke([&] { drain(W, E, Sh); });
}

void Engine::drain(Runner &W, Entity &E, CellShard &Sh) {
  while (Item *It = Sh.In.pop())
    runSync(W, E, Sh, It, true);
}

/// A box or filter inside deterministic combinators made 1 + Delta records
/// of one (Delta < 0: none), or a cell holds one (Delta = -1): the tickets
/// it carries, one per combinator, count them. A count that reaches 0 here
/// is told to its combinator's examiner.
void Engine::countDet(Runner &W, const Cont &K, int64_t Delta) {
  for (const Frame *F = K.begin(), *E = F + K.depth(); F != E; ++F) {
    if (!F->Det)
      continue;
    auto *T = reinterpret_cast<Ticket *>(intptr_t(F->Value));
    if (T->Count.fetch_add(Delta, std::memory_order_acq_rel) + Delta != 0)
      continue;
    auto *Notice = new Item(Record(), Cont());
    Notice->K.pushDet(F->Node, T);
    Notice->Seq = DetNotice;
    push(W, *Entities[F->Node], Notice);
  }
}

void Engine::settle(Runner &W) {
  if (W.Owed == 0)
    return;
  const int64_t N = W.Owed;
  W.Owed = 0;
  const int64_t Before = Pending.fetch_sub(N, std::memory_order_acq_rel);
  if (Before == N || (Before >= AdmitLimit && Before - N < AdmitLimit))
    wakeMain();
}

} // namespace aspen::snet::engine

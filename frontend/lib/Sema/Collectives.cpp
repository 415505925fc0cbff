//===- Collectives.cpp - Collectives in root modules ----------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// A flow statement names a collective in one of four ways: by a declared
// name (`Reduce r;`) or inline by the built-in's, each called (`r(sum)`,
// `Reduce(sum)`, `b()`) or, without an operation, bare (`b`, `Broadcast`).
// Whichever way, it becomes one graph::Collective whose participants are
// the stage before it and whose receivers the stage after it; a Reduce,
// Gather or AllToAll ending its statement delivers to every participant.
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"
#include <set>

using namespace aspen;
using namespace aspen::sema;

void Sema::declareCollective(const ast::Declarator &Decl, Scope::Entry E,
                             Scope &S) {
  const std::string &Name = Decl.Ident.Text;
  if (E.IsVector) {
    Diags.report(Decl.Ident.Range.Begin, DiagId::ErrCollectiveVector) << Name;
    poison(S, Name, E.Loc);
    return;
  }
  E.K = E.Module->K == Symbol::BuiltinReduce ? Scope::Entry::Reduce
                                             : Scope::Entry::Broadcast;
  E.Coll = E.Module->Coll;
  S.Names[Name] = std::move(E);
}

//===----------------------------------------------------------------------===//
// Flow items that name collectives
//===----------------------------------------------------------------------===//

std::optional<CollectiveUse> Sema::collectiveCall(const ast::CollectiveExpr &C,
                                                  Scope &S) {
  const std::string &Callee = C.Callee.Text;
  auto NameIt = S.Names.find(Callee);
  CollectiveUse Use;
  graph::Collective &G = Use.Coll;
  G.Loc = C.getLoc();
  if (NameIt != S.Names.end()) {
    Scope::Entry &E = NameIt->second;
    E.Referenced = true;
    if (E.K == Scope::Entry::Invalid)
      return std::nullopt;
    if (E.K != Scope::Entry::Reduce && E.K != Scope::Entry::Broadcast) {
      Diags.report(C.Callee.Range.Begin, DiagId::ErrNotCollective) << Callee;
      return std::nullopt;
    }
    G.K = E.K == Scope::Entry::Reduce ? graph::Collective::Reduce : E.Coll;
    G.Name = S.Prefix + Callee;
    Use.Declared = &E;
  } else if (auto K = graph::builtinCollective(Callee)) {
    G.K = *K;
    G.Name = Callee + "#" + std::to_string(++InlineCollectives);
  } else {
    const Symbol *Sym = lookup(Callee);
    if (Sym && Sym->K != Symbol::Net && Sym->K != Symbol::Box) {
      Diags.report(C.Callee.Range.Begin, DiagId::ErrNotCollective) << Callee;
    } else {
      Diags.report(C.Callee.Range.Begin, DiagId::ErrUnknownName)
          << Callee << S.RootSym->Name;
      std::vector<std::string> Names = scopeNames(S);
      for (unsigned K = 0; K < abi::NumBuiltinCollectives; ++K)
        Names.push_back(abi::CollectiveTable[K].Name);
      suggestName(C.Callee.Range.Begin, Callee, Names);
    }
    return std::nullopt;
  }
  if (!bindCollectiveOp(C, G))
    return std::nullopt;
  return Use;
}

bool Sema::bindCollectiveOp(const ast::CollectiveExpr &C,
                            graph::Collective &G) {
  if (G.K != graph::Collective::Reduce) {
    if (!C.Op)
      return true;
    Diags.report(C.Op->Range.Begin, DiagId::ErrBroadcastTakesNoOp)
        << C.Callee.Text << graph::kindWord(G.K);
    return false;
  }
  if (!C.Op) {
    Diags.report(C.getLoc(), DiagId::ErrReduceNeedsOp) << C.Callee.Text;
    return false;
  }
  G.Op = C.Op->Text;
  G.OpLoc = C.Op->Range.Begin;
  G.UserOp = !graph::isBuiltinReduceOp(G.Op);
  if (G.UserOp && !isVisibleFunction(G.Op)) {
    Diags.report(C.Op->Range.Begin, DiagId::ErrUnknownReduceOp) << G.Op;
    suggestName(C.Op->Range.Begin, G.Op,
                std::vector<std::string>(std::begin(abi::ReduceOpSpellings),
                                         std::end(abi::ReduceOpSpellings)));
    return false;
  }
  return true;
}

bool Sema::classifyRef(const ast::RefExpr &R, Scope &S, FlowItem &It,
                       std::optional<CollectiveUse> &Use) {
  const ast::InstanceRef &Ref = R.Ref;
  bool Named = Ref.Head == ast::InstanceRef::Named;
  auto NameIt = Named ? S.Names.find(Ref.Base.Text) : S.Names.end();
  if (NameIt != S.Names.end() &&
      (NameIt->second.K == Scope::Entry::Reduce ||
       NameIt->second.K == Scope::Entry::Broadcast)) {
    Scope::Entry &E = NameIt->second;
    E.Referenced = true;
    if (E.K == Scope::Entry::Reduce) {
      Diags.report(Ref.Range.Begin, DiagId::ErrReduceNeedsOp) << Ref.Base.Text;
      return false;
    }
    if (Ref.Lo) {
      Diags.report(Ref.Lo->getLoc(), DiagId::ErrCollectiveIndexed)
          << Ref.Base.Text;
      return false;
    }
    if (Ref.Queue) {
      Diags.report(Ref.Queue->Range.Begin, DiagId::ErrCollectiveQueue);
      return false;
    }
    Use.emplace();
    Use->Coll.K = E.Coll;
    Use->Coll.Name = S.Prefix + Ref.Base.Text;
    Use->Coll.Loc = R.getLoc();
    Use->Declared = &E;
    return true;
  }
  // Bare names the scope does not declare: `Broadcast` (a Reduce needs an
  // operation), or a net or box, which is a network of its own.
  if (NameIt != S.Names.end() || !Named || Ref.Lo || Ref.Queue)
    return true;
  std::optional<graph::Collective::Kind> K =
      graph::builtinCollective(Ref.Base.Text);
  if (K && *K != graph::Collective::Reduce) {
    Use.emplace();
    Use->Coll.K = *K;
    Use->Coll.Name = Ref.Base.Text + "#" + std::to_string(++InlineCollectives);
    Use->Coll.Loc = R.getLoc();
  } else if (!K && isNetName(Ref.Base.Text)) {
    It.K = FlowItem::Network;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Participants and receivers
//===----------------------------------------------------------------------===//

void Sema::attachCollective(std::vector<FlowStage> &Stages, size_t I,
                            Scope &S) {
  graph::Collective &C = Prog->Collectives[*Stages[I].Collective];
  const char *Word = graph::kindWord(C.K);
  if (I == 0) {
    Diags.report(C.Loc, DiagId::ErrCollectiveNoParticipants) << Word << C.Name;
  } else if (Stages[I - 1].Collective) {
    Diags.report(C.Loc, DiagId::ErrCollectiveAdjacent)
        << Prog->Collectives[*Stages[I - 1].Collective].Name << C.Name;
  } else if (auto Src = resolveStage(Stages[I - 1], Side::Source, S)) {
    C.Sources = std::move(*Src);
  }
  if (I + 1 < Stages.size()) {
    if (!Stages[I + 1].Collective)
      if (auto Dst = resolveStage(Stages[I + 1], Side::Target, S))
        C.Receivers = std::move(*Dst);
  } else if (C.K == graph::Collective::Reduce ||
             C.K == graph::Collective::Gather ||
             C.K == graph::Collective::AllToAll) {
    addAllReduceReceivers(C);
  } else {
    Diags.report(C.Loc, DiagId::ErrBroadcastNoReceivers)
        << C.Name << graph::kindWord(C.K);
  }
  if (C.K == graph::Collective::AllToAll && !C.Receivers.empty() &&
      !C.Sources.empty() && C.Receivers.size() != C.Sources.size())
    Diags.report(C.Loc, DiagId::ErrAllToAllCounts)
        << C.Name << std::to_string(C.Sources.size())
        << std::to_string(C.Receivers.size());
}

// All-reduce (all-gather, all-to-all): every participant gets the result on
// its default input queue.
void Sema::addAllReduceReceivers(graph::Collective &C) {
  C.AllReduce = true;
  std::set<uint32_t> Seen;
  for (const graph::PortRef &P : C.Sources) {
    // A sub-root participates through its Output; it receives through its
    // Input.
    graph::InstanceId To = P.Inst;
    if (IsBoundary[P.Inst.Index]) {
      auto Peer = BoundaryPeer.find(P.Inst.Index);
      if (Peer == BoundaryPeer.end()) {
        // The participant is this sub-root's own Input: the result would
        // have to go back out through it.
        Diags.report(C.Loc, DiagId::ErrInputAsTarget);
        return;
      }
      const auto &[In, Root] = Peer->second;
      if (!Root->BoundaryInputs.count("")) {
        Diags.report(C.Loc, DiagId::ErrUnknownBoundaryQueue)
            << Root->Name << "input"
            << "(the default one)"
            << "Input";
        return;
      }
      To = In;
    }
    if (Seen.insert(To.Index).second)
      C.Receivers.push_back({To, graph::DefaultQueue});
  }
}

//===----------------------------------------------------------------------===//
// Whole-graph checks
//===----------------------------------------------------------------------===//

void Sema::checkCollectiveSources() {
  std::map<std::pair<uint32_t, std::string>, uint32_t> FedCollective;
  for (uint32_t C = 0; C < Prog->Collectives.size(); ++C) {
    const graph::Collective &Coll = Prog->Collectives[C];
    for (const graph::PortRef &P : Coll.Sources) {
      auto [It, Inserted] =
          FedCollective.try_emplace({P.Inst.Index, P.Queue}, C);
      if (!Inserted)
        Diags.report(Coll.Loc, DiagId::ErrPortFeedsTwice)
            << "'" + portName(P) + "'"
            << "'" + Prog->Collectives[It->second].Name + "'"
            << "'" + Coll.Name + "'";
    }
  }
  for (const graph::Edge &E : Prog->Edges) {
    auto It = FedCollective.find({E.From.Inst.Index, E.From.Queue});
    if (It != FedCollective.end())
      Diags.report(E.Loc, DiagId::ErrPortFeedsTwice)
          << "'" + portName(E.From) + "'"
          << "'" + Prog->Collectives[It->second].Name + "'"
          << "'" + portName(E.To) + "'";
  }
}

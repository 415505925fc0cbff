//===- Splice.cpp - Sub-root boundaries contracted away -------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every instance of a sub-root is elaborated between two pass-through
// boundary instances, its Input and Output, so that its flows and those of
// the root around it can be built separately. Once the whole program is
// elaborated, the boundaries are contracted away: the result only connects
// real module instances.
//
//===----------------------------------------------------------------------===//

#include "SemaImpl.h"
#include <optional>
#include <set>

using namespace aspen;
using namespace aspen::sema;

namespace {
/// Contracts the pass-through boundary instances of sub-roots away. Each
/// queue of a boundary is contracted on its own: every edge into it is
/// joined to every edge out of it, and a collective that takes from it or
/// delivers into it does so from, or to, the ports on its other side.
class BoundarySplicer {
public:
  BoundarySplicer(graph::Program &P, DiagnosticEngine &Diags);
  void contract(uint32_t B);
  /// Drops the boundaries and renumbers what is left.
  void dropBoundaries(const std::vector<bool> &IsBoundary);

private:
  std::set<std::string> queuesOf(uint32_t B) const;
  void contractEdges(const graph::PortRef &Port,
                     std::vector<graph::PortRef> &Upstream,
                     std::vector<graph::PortRef> &Downstream);
  void contractCollectives(const graph::PortRef &Port,
                           const std::vector<graph::PortRef> &Upstream,
                           const std::vector<graph::PortRef> &Downstream);
  void addEdge(graph::Edge E);

  graph::Program &P;
  DiagnosticEngine &Diags;
  std::vector<bool> Dead; // parallel to P.Edges
  /// Per instance: the edges into it and out of it, and the collectives
  /// it is among the sources or receivers of.
  std::vector<std::vector<uint32_t>> InEdges, OutEdges, CollRefs;
};
} // namespace

BoundarySplicer::BoundarySplicer(graph::Program &P, DiagnosticEngine &Diags)
    : P(P), Diags(Diags), Dead(P.Edges.size(), false),
      InEdges(P.Instances.size()), OutEdges(P.Instances.size()),
      CollRefs(P.Instances.size()) {
  for (uint32_t I = 0; I < P.Edges.size(); ++I) {
    OutEdges[P.Edges[I].From.Inst.Index].push_back(I);
    InEdges[P.Edges[I].To.Inst.Index].push_back(I);
  }
  for (uint32_t C = 0; C < P.Collectives.size(); ++C) {
    for (const auto &Port : P.Collectives[C].Sources)
      CollRefs[Port.Inst.Index].push_back(C);
    for (const auto &Port : P.Collectives[C].Receivers)
      CollRefs[Port.Inst.Index].push_back(C);
  }
}

void BoundarySplicer::addEdge(graph::Edge E) {
  uint32_t Id = static_cast<uint32_t>(P.Edges.size());
  OutEdges[E.From.Inst.Index].push_back(Id);
  InEdges[E.To.Inst.Index].push_back(Id);
  P.Edges.push_back(std::move(E));
  Dead.push_back(false);
}

std::set<std::string> BoundarySplicer::queuesOf(uint32_t B) const {
  std::set<std::string> Queues;
  for (uint32_t E : InEdges[B])
    if (!Dead[E])
      Queues.insert(P.Edges[E].To.Queue);
  for (uint32_t E : OutEdges[B])
    if (!Dead[E])
      Queues.insert(P.Edges[E].From.Queue);
  for (uint32_t C : CollRefs[B]) {
    for (const auto &Port : P.Collectives[C].Sources)
      if (Port.Inst.Index == B)
        Queues.insert(Port.Queue);
    for (const auto &Port : P.Collectives[C].Receivers)
      if (Port.Inst.Index == B)
        Queues.insert(Port.Queue);
  }
  return Queues;
}

void BoundarySplicer::contract(uint32_t B) {
  for (const std::string &Q : queuesOf(B)) {
    graph::PortRef Port{graph::InstanceId(B), Q};
    std::vector<graph::PortRef> Upstream, Downstream;
    contractEdges(Port, Upstream, Downstream);
    contractCollectives(Port, Upstream, Downstream);
  }
}

void BoundarySplicer::contractEdges(const graph::PortRef &Port,
                                    std::vector<graph::PortRef> &Upstream,
                                    std::vector<graph::PortRef> &Downstream) {
  uint32_t B = Port.Inst.Index;
  std::vector<uint32_t> Ins, Outs;
  for (uint32_t E : InEdges[B])
    if (!Dead[E] && P.Edges[E].To.Queue == Port.Queue)
      Ins.push_back(E);
  for (uint32_t E : OutEdges[B])
    if (!Dead[E] && P.Edges[E].From.Queue == Port.Queue)
      Outs.push_back(E);
  for (uint32_t E : Ins)
    Upstream.push_back(P.Edges[E].From);
  for (uint32_t E : Outs)
    Downstream.push_back(P.Edges[E].To);
  for (uint32_t I : Ins)
    for (uint32_t O : Outs)
      addEdge({P.Edges[I].From, P.Edges[O].To, P.Edges[I].Loc});
  for (uint32_t E : Ins)
    Dead[E] = true;
  for (uint32_t E : Outs)
    Dead[E] = true;
}

/// Replaces every occurrence of port `B` in `List` by `With`, in order.
/// Sources are a set (a queue contributes once); receivers are not: a
/// receiver reached through two pass-through paths gets two copies.
static void substitute(std::vector<graph::PortRef> &List,
                       const graph::PortRef &B,
                       const std::vector<graph::PortRef> &With, bool Unique) {
  std::vector<graph::PortRef> Out;
  std::set<std::pair<uint32_t, std::string>> Seen;
  for (const graph::PortRef &P : List) {
    const std::vector<graph::PortRef> One{P};
    for (const graph::PortRef &Q : P == B ? With : One)
      if (!Unique || Seen.insert({Q.Inst.Index, Q.Queue}).second)
        Out.push_back(Q);
  }
  List = std::move(Out);
}

void BoundarySplicer::contractCollectives(
    const graph::PortRef &Port, const std::vector<graph::PortRef> &Upstream,
    const std::vector<graph::PortRef> &Downstream) {
  uint32_t B = Port.Inst.Index;
  // A collective that delivers into this queue and one that takes from it
  // would be joined directly once the boundary is gone, which a flow
  // statement may not do either.
  std::optional<uint32_t> Feeding, Fed;
  for (uint32_t C : CollRefs[B]) {
    const graph::Collective &Coll = P.Collectives[C];
    if (!Feeding && llvm::is_contained(Coll.Receivers, Port))
      Feeding = C;
    if (!Fed && llvm::is_contained(Coll.Sources, Port))
      Fed = C;
  }
  if (Feeding && Fed && *Feeding != *Fed)
    Diags.report(P.Collectives[*Fed].Loc, DiagId::ErrCollectiveAdjacent)
        << P.Collectives[*Feeding].Name << P.Collectives[*Fed].Name;
  for (uint32_t C : CollRefs[B]) {
    graph::Collective &Coll = P.Collectives[C];
    substitute(Coll.Sources, Port, Upstream, /*Unique=*/true);
    substitute(Coll.Receivers, Port, Downstream, /*Unique=*/false);
    for (const auto &Up : Upstream)
      CollRefs[Up.Inst.Index].push_back(C);
    for (const auto &Down : Downstream)
      CollRefs[Down.Inst.Index].push_back(C);
  }
}

void BoundarySplicer::dropBoundaries(const std::vector<bool> &IsBoundary) {
  auto &Insts = P.Instances;
  std::vector<uint32_t> NewIndex(Insts.size(), UINT32_MAX);
  std::vector<graph::Instance> Kept;
  for (uint32_t I = 0; I < Insts.size(); ++I)
    if (!IsBoundary[I]) {
      NewIndex[I] = static_cast<uint32_t>(Kept.size());
      Kept.push_back(std::move(Insts[I]));
    }
  Insts = std::move(Kept);
  auto Remap = [&](graph::PortRef &Port) {
    Port.Inst = graph::InstanceId(NewIndex[Port.Inst.Index]);
  };
  std::vector<graph::Edge> Live;
  for (uint32_t E = 0; E < P.Edges.size(); ++E)
    if (!Dead[E]) {
      Remap(P.Edges[E].From);
      Remap(P.Edges[E].To);
      Live.push_back(std::move(P.Edges[E]));
    }
  P.Edges = std::move(Live);
  for (graph::Collective &C : P.Collectives) {
    for (graph::PortRef &Port : C.Sources)
      Remap(Port);
    for (graph::PortRef &Port : C.Receivers)
      Remap(Port);
  }
}

void Sema::spliceBoundaries() {
  BoundarySplicer Splicer(*Prog, Diags);
  for (uint32_t B = 0; B < Prog->Instances.size(); ++B)
    if (IsBoundary[B])
      Splicer.contract(B);
  Splicer.dropBoundaries(IsBoundary);
  IsBoundary.assign(Prog->Instances.size(), false);
}

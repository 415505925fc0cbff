//===- CollectivePlans.cpp - Section 3.2 plans for a placed program -------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Inside a node a Reduce combines locally (serially, or through a tree of
// reducers for many participants); across nodes it follows the general plan
// of section 3.2 over the nodes that hold participants and receivers. The
// plans of all reduces share one load account, so a later reduce routes its
// free one-way links around the nodes earlier ones keep busy (the duplex
// load-balance heuristic of section 3.3, Fig. 6). That account is why the
// plans are made once, here, in program order: a reduce planned again on its
// own would not see the load of the ones before it.
//
//===----------------------------------------------------------------------===//

#include "aspen/Plan/CollectivePlans.h"
#include "aspen/Plan/ReducePlan.h"
#include <algorithm>
#include <iterator>

using namespace aspen;
using namespace aspen::plan;

/// Plans reduce C over nodes, charging its load to NodeLoad (one entry per
/// node, shared by the reduces planned in order).
static NodeReducePlan planReduceOverNodes(const graph::Program &P,
                                          const graph::Collective &C,
                                          std::vector<RankLoad> &NodeLoad) {
  // The nodes involved, each once, in order of first appearance.
  std::vector<uint32_t> PartNodes, RecvNodes;
  for (const graph::PortRef &S : C.Sources) {
    uint32_t N = P.get(S.Inst).Node;
    if (std::find(PartNodes.begin(), PartNodes.end(), N) == PartNodes.end())
      PartNodes.push_back(N);
  }
  for (const graph::PortRef &R : C.Receivers) {
    uint32_t N = P.get(R.Inst).Node;
    if (std::find(RecvNodes.begin(), RecvNodes.end(), N) == RecvNodes.end())
      RecvNodes.push_back(N);
  }
  ReduceSpec Spec;
  Spec.NumParticipants = unsigned(PartNodes.size());
  std::vector<uint32_t> Others;
  for (uint32_t N : RecvNodes) {
    auto It = std::find(PartNodes.begin(), PartNodes.end(), N);
    if (It != PartNodes.end())
      Spec.ParticipantReceivers.push_back(unsigned(It - PartNodes.begin()));
    else
      Others.push_back(N);
  }
  Spec.NumOtherReceivers = unsigned(Others.size());
  for (uint32_t N : PartNodes)
    Spec.PriorLoad.push_back(NodeLoad[N]);
  NodeReducePlan R;
  std::optional<ReducePlan> Plan = computeReducePlan(Spec, &R.Error);
  if (!Plan)
    return R;
  // Every rank is a node: participants by RankOfParticipant, the other
  // receivers after them in order.
  R.NodeOfRank.assign(Plan->getNumRanks(), 0);
  for (size_t I = 0; I < PartNodes.size(); ++I)
    R.NodeOfRank[Plan->RankOfParticipant[I]] = PartNodes[I];
  for (size_t I = 0; I < Others.size(); ++I)
    R.NodeOfRank[Plan->NumParticipants + I] = Others[I];
  std::vector<RankLoad> Load = computeRankLoad(*Plan);
  for (size_t Rk = 0; Rk < Load.size(); ++Rk) {
    NodeLoad[R.NodeOfRank[Rk]].Sends += Load[Rk].Sends;
    NodeLoad[R.NodeOfRank[Rk]].Receives += Load[Rk].Receives;
  }
  R.K =
      Plan->Steps.empty() ? NodeReducePlan::Local : NodeReducePlan::AcrossNodes;
  // Reduce-scatter cuts arrays into pieces and combines them piecewise,
  // which only the built-in operations are known to allow.
  R.Segmented = runsSegmented(*Plan) && graph::isBuiltinReduceOp(C.Op);
  R.Plan = std::move(*Plan);
  return R;
}

void aspen::plan::planCollectives(graph::Program &P) {
  if (P.Nodes.size() < 2)
    return; // inside one node a reduce is combined locally
  std::vector<RankLoad> NodeLoad(P.Nodes.size());
  for (graph::Collective &C : P.Collectives)
    if (C.K == graph::Collective::Reduce)
      C.Plan = planReduceOverNodes(P, C, NodeLoad);
}

bool aspen::plan::hasPlans(const graph::Program &P) {
  if (P.Nodes.size() < 2)
    return true;
  return std::all_of(P.Collectives.begin(), P.Collectives.end(),
                     [](const graph::Collective &C) {
                       return C.K != graph::Collective::Reduce ||
                              C.Plan.has_value();
                     });
}

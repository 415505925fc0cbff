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
// load-balance heuristic of section 3.3, Fig. 6).
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/CodeGen.h"
#include "aspen/CodeGen/ReducePlan.h"
#include <algorithm>

using namespace aspen;
using namespace aspen::codegen;

std::optional<NodeReducePlan>
aspen::codegen::planReduceOverNodes(const graph::Program &P,
                                    const graph::Collective &C,
                                    std::vector<RankLoad> &NodeLoad,
                                    std::string &Error) {
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
  std::optional<ReducePlan> Plan = computeReducePlan(Spec, &Error);
  if (!Plan)
    return std::nullopt;
  NodeReducePlan R;
  R.NodeOfRank.assign(Plan->getNumRanks(), -1);
  for (size_t I = 0; I < PartNodes.size(); ++I)
    R.NodeOfRank[Plan->RankOfParticipant[I]] = PartNodes[I];
  for (size_t I = 0; I < Others.size(); ++I)
    R.NodeOfRank[Plan->NumParticipants + I] = Others[I];
  std::vector<RankLoad> Load = computeRankLoad(*Plan);
  for (size_t Rk = 0; Rk < Load.size() && Rk < R.NodeOfRank.size(); ++Rk)
    if (R.NodeOfRank[Rk] >= 0) {
      NodeLoad[R.NodeOfRank[Rk]].Sends += Load[Rk].Sends;
      NodeLoad[R.NodeOfRank[Rk]].Receives += Load[Rk].Receives;
    }
  R.Plan = std::move(*Plan);
  return R;
}

void aspen::codegen::planCollectives(graph::Program &P) {
  if (P.Nodes.size() < 2)
    return; // inside one node a reduce is combined locally
  std::vector<RankLoad> NodeLoad(P.Nodes.size());
  for (graph::Collective &C : P.Collectives) {
    if (C.K != graph::Collective::Reduce)
      continue;
    std::string Error;
    std::optional<NodeReducePlan> R = planReduceOverNodes(P, C, NodeLoad, Error);
    if (!R) {
      C.PlanText = "(no plan: " + Error + ")";
      continue;
    }
    if (R->Plan.Steps.empty()) {
      C.PlanText = "local to one node";
      continue;
    }
    std::string Ranks;
    for (size_t Rk = 0; Rk < R->NodeOfRank.size(); ++Rk)
      if (R->NodeOfRank[Rk] >= 0)
        Ranks += (Ranks.empty() ? "" : ", ") + std::to_string(Rk) + "=" +
                 P.Nodes[R->NodeOfRank[Rk]].Name;
    C.PlanText = "ranks " + Ranks + "\n" + describePlan(R->Plan);
    static const char *const BuiltIn[] = {"sum", "multiply", "min", "max"};
    if (runsSegmented(R->Plan) &&
        std::find(std::begin(BuiltIn), std::end(BuiltIn), C.Op) !=
            std::end(BuiltIn)) {
      if (!C.PlanText.empty() && C.PlanText.back() == '\n')
        C.PlanText.pop_back();
      C.PlanText += "\nlarge arrays (ASPEN_REDUCE_SEGMENT_BYTES, default "
                    "64 KiB): reduce-scatter then allgather over the same "
                    "links";
    }
  }
}

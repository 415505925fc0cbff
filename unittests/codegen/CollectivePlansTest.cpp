//===- CollectivePlansTest.cpp - Plans stored in a placed graph -----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The planning phase over hand-built placed programs: what it stores for each
// kind of reduce, and that the reduces of one program share a load account,
// which is why plans are made once, in program order, and never again by
// code generation.
//
//===----------------------------------------------------------------------===//

#include "aspen/Plan/CollectivePlans.h"
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace aspen;
using namespace aspen::plan;

namespace {

/// A program with one instance on each of `NumNodes` nodes, p[i] on node i.
graph::Program onNodes(unsigned NumNodes) {
  graph::Program P;
  for (unsigned N = 0; N < NumNodes; ++N) {
    P.Nodes.push_back({"n" + std::to_string(N), 1, 0, {}});
    graph::Instance I;
    I.Name = "p[" + std::to_string(N) + "]";
    I.Node = N;
    P.Instances.push_back(I);
  }
  return P;
}

void addReduce(graph::Program &P, const std::string &Op,
               std::vector<unsigned> Sources, std::vector<unsigned> Receivers) {
  graph::Collective C;
  C.Name = "r" + std::to_string(P.Collectives.size() + 1);
  C.Op = Op;
  for (unsigned S : Sources)
    C.Sources.push_back({graph::InstanceId(S), ""});
  for (unsigned R : Receivers)
    C.Receivers.push_back({graph::InstanceId(R), ""});
  P.Collectives.push_back(C);
}

TEST(CollectivePlans, OneNodeNeedsNoPlans) {
  graph::Program P = onNodes(1);
  addReduce(P, "sum", {0}, {0});
  EXPECT_TRUE(hasPlans(P));
  planCollectives(P);
  EXPECT_FALSE(P.Collectives[0].Plan);
}

TEST(CollectivePlans, StoresEachKindOfPlan) {
  graph::Program P = onNodes(4);
  addReduce(P, "sum", {0, 1, 2, 3}, {0, 1, 2, 3});  // all-reduce, built-in
  addReduce(P, "mine", {0, 1, 2, 3}, {0, 1, 2, 3}); // the same, user op
  addReduce(P, "sum", {1}, {1});                    // inside node 1
  addReduce(P, "sum", {0, 1}, {});                  // no receiver
  graph::Collective Broadcast;
  Broadcast.K = graph::Collective::Broadcast;
  P.Collectives.push_back(Broadcast);
  EXPECT_FALSE(hasPlans(P));
  planCollectives(P);
  EXPECT_TRUE(hasPlans(P));

  const std::vector<graph::Collective> &C = P.Collectives;
  ASSERT_TRUE(C[0].Plan && C[1].Plan && C[2].Plan && C[3].Plan);
  EXPECT_EQ(C[0].Plan->K, NodeReducePlan::AcrossNodes);
  EXPECT_EQ(C[0].Plan->NodeOfRank, (std::vector<uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(C[0].Plan->Plan.Steps.size(), 2u);
  // Only a built-in operation is known to combine array pieces.
  EXPECT_TRUE(C[0].Plan->Segmented);
  EXPECT_EQ(C[1].Plan->K, NodeReducePlan::AcrossNodes);
  EXPECT_FALSE(C[1].Plan->Segmented);
  EXPECT_EQ(C[2].Plan->K, NodeReducePlan::Local);
  EXPECT_EQ(C[2].Plan->NodeOfRank, (std::vector<uint32_t>{1}));
  EXPECT_EQ(C[3].Plan->K, NodeReducePlan::Failed);
  EXPECT_EQ(C[3].Plan->Error, "a reduce needs at least one receiver");
  EXPECT_FALSE(C[4].Plan);
}

TEST(CollectivePlans, LaterReducesAreBalancedAgainstEarlierOnes) {
  // Fig. 6: r1 reduces p[0..3] to p[0] and p[2]; r2 reduces p[2] and p[1]
  // (in that order) to p[3]. Alone, r2's first step would keep the paper's
  // direction, rank 1 (p[1]) to rank 0 (p[2]); after r1, p[2] has received
  // twice and p[1] only sent, so p[2] sends to p[1] instead.
  graph::Program Alone = onNodes(4);
  addReduce(Alone, "sum", {2, 1}, {3});
  planCollectives(Alone);
  ASSERT_TRUE(Alone.Collectives[0].Plan);
  const ReducePlan &R2Alone = Alone.Collectives[0].Plan->Plan;
  ASSERT_FALSE(R2Alone.Steps.empty());
  EXPECT_EQ(R2Alone.Steps[0],
            (std::vector<Transfer>{{1, 0, TransferKind::Reduce}}));

  graph::Program P = onNodes(4);
  addReduce(P, "sum", {0, 1, 2, 3}, {0, 2});
  addReduce(P, "sum", {2, 1}, {3});
  planCollectives(P);
  ASSERT_TRUE(P.Collectives[1].Plan);
  const NodeReducePlan &R2 = *P.Collectives[1].Plan;
  EXPECT_EQ(R2.NodeOfRank, (std::vector<uint32_t>{2, 1, 3}));
  ASSERT_EQ(R2.Plan.Steps.size(), 2u);
  EXPECT_EQ(R2.Plan.Steps[0],
            (std::vector<Transfer>{{0, 1, TransferKind::Reduce}}));
  EXPECT_EQ(R2.Plan.Steps[1],
            (std::vector<Transfer>{{1, 2, TransferKind::Deliver}}));
}

} // namespace

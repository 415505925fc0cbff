//===- CollectivePlans.h - Section 3.2 plans of placed reduces --*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The phase between placement and code generation: plans every Reduce of a
// program on several nodes over the nodes that hold its participants and
// receivers (ReducePlan.h), and stores the plan in the graph. --dump-graph
// prints the stored plans and code generation lowers them, so neither plans
// again and the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_PLAN_COLLECTIVEPLANS_H
#define ASPEN_PLAN_COLLECTIVEPLANS_H

#include "aspen/Graph/FlowGraph.h"

namespace aspen::plan {

/// Sets Collective::Plan of every Reduce of a placed program on several
/// nodes, in program order; on one node there is nothing to plan. Later
/// reduces are planned around the load earlier ones put on each node.
void planCollectives(graph::Program &P);

/// Whether every Reduce that needs a plan has one: planCollectives has run
/// on P since placement, or P is on one node.
bool hasPlans(const graph::Program &P);

} // namespace aspen::plan

#endif // ASPEN_PLAN_COLLECTIVEPLANS_H

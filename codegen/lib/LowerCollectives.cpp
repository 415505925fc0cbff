//===- LowerCollectives.cpp - Collectives as runtime instances ------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every collective becomes runtime instances, numbered after the program's
// own: a pass-through becomes a direct edge (Fig. 7b); a reduce with many
// participants on one node combines through a tree of reducers; across nodes
// each node first combines its own contributions (Fig. 7a), then a reduce
// runs its stored section 3.2 plan as one part per node, and the other
// collectives run on one home node, forwarding to nodes with several
// receivers through one broadcast there.
//
// The numbers the runtime reads (collective kinds, operations, plan step
// kinds and flags, as abi.def describes them) are written in this file only.
//
//===----------------------------------------------------------------------===//

#include "MainBuilder.h"
#include "aspen/CodeGen/CodeGen.h"
#include <algorithm>
#include <tuple>

using namespace aspen;
using namespace aspen::codegen;

/// Reduces with more participants than this combine through a tree of
/// runtime reducers, TreeFanIn contributions each, so the combining runs on
/// several workers at once; smaller ones combine serially in one.
static constexpr size_t TreeThreshold = 8, TreeFanIn = 4;

/// A step's kind as aspen_rt_set_plan's table holds it.
static constexpr uint32_t step(abi::PlanStepKind K) { return uint32_t(K); }

void MainBuilder::collective(const graph::Collective &Coll) {
  bool IsReduce = Coll.K == graph::Collective::Reduce;
  // A pass-through (one contribution, one receiver) would only forward each
  // message: connect the two ends directly instead (Fig. 7b).
  if (isPassThrough(Coll)) {
    const graph::PortRef &From = Coll.Sources[0], &To = Coll.Receivers[0];
    edge(From.Inst.Index, portIndex(From, /*Output=*/true), To.Inst.Index,
         portIndex(To, /*Output=*/false));
    return;
  }
  unsigned Op = 0;
  llvm::Value *UserOp = llvm::ConstantPointerNull::get(B.getPtrTy());
  if (IsReduce) {
    Op = unsigned(abi::ReduceOp::User);
    for (unsigned K = 0; K < std::size(abi::ReduceOpSpellings); ++K)
      if (Coll.Op == abi::ReduceOpSpellings[K])
        Op = K;
    if (Coll.UserOp)
      UserOp = M.getOrInsertFunction(
                    userOpSymbol(Coll.Op),
                    llvm::FunctionType::get(
                        B.getVoidTy(), {B.getPtrTy(), B.getPtrTy()}, false))
                   .getCallee();
  }

  std::vector<Producer> Inputs;
  for (const graph::PortRef &S : Coll.Sources)
    Inputs.push_back({S.Inst.Index, portIndex(S, /*Output=*/true), portName(S),
                      P.get(S.Inst).Node});
  if (IsReduce && P.Nodes.size() > 1) {
    // Fig. 7a: each node first combines its own contributions, so one
    // message per node and round crosses the network.
    std::vector<Producer> PerNode;
    for (uint32_t N = 0; N < P.Nodes.size(); ++N) {
      std::vector<Producer> Group;
      for (const Producer &In : Inputs)
        if (In.Node == N)
          Group.push_back(In);
      if (Group.empty())
        continue;
      std::string Prefix = Coll.Name + "." + P.Nodes[N].Name;
      Group = tree(Prefix, Group, Op, UserOp, N);
      if (Group.size() > 1)
        Group = {combine(Prefix, Group, Op, UserOp, N, "the reduce")};
      PerNode.push_back(Group.front());
    }
    Inputs = std::move(PerNode);
  } else if (IsReduce) {
    Inputs = tree(Coll.Name, Inputs, Op, UserOp, 0);
  }

  // Across nodes a reduce follows the plan --dump-graph shows: the one
  // stored in the graph.
  if (Coll.Plan && Coll.Plan->K == plan::NodeReducePlan::AcrossNodes)
    planned(Coll, *Coll.Plan, Inputs, Op, UserOp);
  else
    atHome(Coll, Inputs, Op, UserOp);
}

/// The collective itself runs where its result is needed first (a reduce)
/// or where its messages come from (a broadcast). Receivers on another node
/// that has several of them get one copy through a broadcast on that node
/// (Fig. 7a again).
void MainBuilder::atHome(const graph::Collective &Coll,
                         const std::vector<Producer> &Inputs, unsigned Op,
                         llvm::Value *UserOp) {
  bool Multi = P.Nodes.size() > 1;
  // Gather and AllToAll take one input per participant, as a reduce does;
  // Scatter and AllToAll give each receiver a different piece, so their
  // receivers on another node cannot share one copy.
  bool PerParticipant = abi::info(abi::CollectiveKind(Coll.K)).Inputs ==
                        abi::CollectiveInputs::PerSource;
  bool SameForAll = Coll.K == graph::Collective::Reduce ||
                    Coll.K == graph::Collective::Broadcast ||
                    Coll.K == graph::Collective::Gather;
  uint32_t Home = PerParticipant ? P.get(Coll.Receivers.front().Inst).Node
                                 : Inputs.front().Node;
  struct Delivery {
    uint32_t Inst, Port;
    std::string Name;
  };
  std::vector<Delivery> Out;
  std::vector<bool> Forwarded(P.Nodes.size(), false);
  // Receivers per node, counted once: linear in the receivers (counting
  // them again for each took 32 s for 80,000).
  std::vector<size_t> There(std::max<size_t>(P.Nodes.size(), 1), 0);
  for (const graph::PortRef &O : Coll.Receivers)
    ++There[P.get(O.Inst).Node];
  for (size_t K = 0; K < Coll.Receivers.size(); ++K) {
    const graph::PortRef &R = Coll.Receivers[K];
    uint32_t N = P.get(R.Inst).Node;
    if (!Multi || N == Home || There[N] < 2 || !SameForAll) {
      Out.push_back(
          {R.Inst.Index, portIndex(R, /*Output=*/false), portName(R)});
      continue;
    }
    if (Forwarded[N])
      continue;
    Forwarded[N] = true;
    std::string Name = Coll.Name + ".to." + P.Nodes[N].Name;
    std::vector<const graph::PortRef *> Local;
    std::vector<std::string> Names;
    for (const graph::PortRef &O : Coll.Receivers)
      if (P.get(O.Inst).Node == N) {
        Local.push_back(&O);
        Names.push_back(portName(O));
      }
    uint32_t Id = addCollective(abi::CollectiveKind::Broadcast, Name, 0,
                                llvm::ConstantPointerNull::get(B.getPtrTy()),
                                {Coll.Name}, Names, N);
    for (size_t L = 0; L < Local.size(); ++L)
      edge(Id, uint32_t(L), Local[L]->Inst.Index,
           portIndex(*Local[L], /*Output=*/false));
    Out.push_back({Id, 0, Name});
  }

  std::vector<std::string> Sources, Receivers;
  for (const Producer &In : Inputs)
    Sources.push_back(In.Name);
  for (const Delivery &D : Out)
    Receivers.push_back(D.Name);
  // The graph's kinds are collectives.def's, as the ABI's are.
  uint32_t Id = addCollective(abi::CollectiveKind(Coll.K), Coll.Name, Op,
                              UserOp, Sources, Receivers, Home);
  for (size_t K = 0; K < Inputs.size(); ++K)
    edge(Inputs[K].Inst, Inputs[K].Port, Id, PerParticipant ? uint32_t(K) : 0);
  for (size_t K = 0; K < Out.size(); ++K)
    edge(Id, uint32_t(K), Out[K].Inst, Out[K].Port);
}

/// A reduce across nodes as section 3.2 plans it: one runtime part per node
/// taking part, each running its node's steps every round. Node
/// contributions (already combined inside each node) go in first; every
/// transfer of the plan is an edge of its own between two parts; the parts
/// on receivers' nodes deliver to them.
void MainBuilder::planned(const graph::Collective &Coll,
                          const plan::NodeReducePlan &NP,
                          const std::vector<Producer> &PerNode, unsigned Op,
                          llvm::Value *UserOp) {
  const plan::ReducePlan &Pl = NP.Plan;
  unsigned NR = Pl.getNumRanks();
  struct Part {
    std::vector<std::string> In, Out;
    std::vector<uint32_t> Steps; // triples
    uint32_t Id = 0;
  };
  std::vector<Part> Parts(NR);
  struct Link {
    unsigned From, FromPort, To, ToPort;
  };
  std::vector<Link> Links;
  std::vector<std::pair<unsigned, const Producer *>> Contributions;
  std::vector<std::tuple<unsigned, unsigned, const graph::PortRef *>>
      Deliveries;
  auto NodeName = [&](unsigned R) { return P.Nodes[NP.NodeOfRank[R]].Name; };
  for (unsigned R = 0; R < NR; ++R) {
    Part &Pt = Parts[R];
    for (const Producer &Pr : PerNode)
      if (Pr.Node == NP.NodeOfRank[R]) {
        Contributions.push_back({R, &Pr});
        Pt.In.push_back(Pr.Name);
        Pt.Steps.insert(Pt.Steps.end(),
                        {step(abi::PlanStepKind::TakeLocal), 0, 0});
      }
  }
  for (size_t S = 0; S < Pl.Steps.size(); ++S) {
    std::string Step = " (step " + std::to_string(S + 1) + ")";
    // Sends first: a message carries what its sender held as the step
    // began.
    for (const plan::Transfer &T : Pl.Steps[S]) {
      Part &From = Parts[T.From], &To = Parts[T.To];
      unsigned Out = unsigned(From.Out.size()), In = unsigned(To.In.size());
      From.Out.push_back(Coll.Name + "@" + NodeName(T.To) + Step);
      To.In.push_back(Coll.Name + "@" + NodeName(T.From) + Step);
      From.Steps.insert(From.Steps.end(),
                        {step(abi::PlanStepKind::Send), Out, 0});
      Links.push_back({T.From, Out, T.To, In});
    }
    for (const plan::Transfer &T : Pl.Steps[S]) {
      Part &To = Parts[T.To];
      unsigned In = Links[Links.size() - Pl.Steps[S].size() +
                          unsigned(&T - Pl.Steps[S].data())]
                        .ToPort;
      To.Steps.insert(To.Steps.end(),
                      {step(T.Kind == plan::TransferKind::Reduce
                                ? abi::PlanStepKind::Combine
                                : abi::PlanStepKind::Replace),
                       In, T.From < T.To ? uint32_t(abi::PlanLeft) : 0u});
    }
  }
  for (unsigned R = 0; R < NR; ++R) {
    if (!Pl.isReceiver(R))
      continue;
    Part &Pt = Parts[R];
    for (const graph::PortRef &Rc : Coll.Receivers)
      if (P.get(Rc.Inst).Node == NP.NodeOfRank[R]) {
        unsigned Out = unsigned(Pt.Out.size());
        Pt.Out.push_back(portName(Rc));
        Pt.Steps.insert(Pt.Steps.end(),
                        {step(abi::PlanStepKind::Deliver), Out, 0});
        Deliveries.push_back({R, Out, &Rc});
      }
  }
  // A pure butterfly of two stages or more (an all-reduce over four, eight,
  // ... nodes, all of them receivers, with a built-in, elementwise
  // operation) may run as Rabenseifner's reduce-scatter and allgather over
  // the same links when the arrays are large, as the plan records: mark the
  // part's first step, and on each stage's combine whether this rank keeps
  // the upper half.
  if (NP.Segmented)
    for (unsigned R = 0; R < NR; ++R) {
      Part &Pt = Parts[R];
      // A part without a contribution of its own cannot happen here.
      if (Pt.Steps.empty() || Pt.Steps[0] != step(abi::PlanStepKind::TakeLocal))
        continue;
      Pt.Steps[2] |= abi::PlanSegmentable; // on the node's contribution
      unsigned Stage = 0;
      for (size_t K = 3; K < Pt.Steps.size(); K += 3)
        if (Pt.Steps[K] == step(abi::PlanStepKind::Combine)) {
          unsigned D = Pl.Steps[Stage][0].From ^ Pl.Steps[Stage][0].To;
          if (R & D)
            Pt.Steps[K + 2] |= abi::PlanUpper;
          ++Stage;
        }
    }
  for (unsigned R = 0; R < NR; ++R) {
    Part &Pt = Parts[R];
    // The last step hands over what is held instead of a copy.
    if (!Pt.Steps.empty() &&
        (Pt.Steps[Pt.Steps.size() - 3] == step(abi::PlanStepKind::Send) ||
         Pt.Steps[Pt.Steps.size() - 3] == step(abi::PlanStepKind::Deliver)))
      Pt.Steps.back() |= abi::PlanLastUse;
    Pt.Id = addCollective(abi::CollectiveKind::ReducePart,
                          Coll.Name + "@" + NodeName(R), Op, UserOp, Pt.In,
                          Pt.Out, NP.NodeOfRank[R]);
    flushCollectives(); // Pt.Id is registered before its plan
    auto *Init = llvm::ConstantDataArray::get(C, Pt.Steps);
    auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                       llvm::GlobalValue::PrivateLinkage, Init,
                                       "aspen.plan");
    B.CreateCall(Rt.aspen_rt_set_plan,
                 {B.getInt32(Pt.Id), G, B.getInt64(Pt.Steps.size() / 3)});
  }
  for (auto &[R, Pr] : Contributions)
    edge(Pr->Inst, Pr->Port, Parts[R].Id, 0);
  for (const Link &L : Links)
    edge(Parts[L.From].Id, L.FromPort, Parts[L.To].Id, L.ToPort);
  for (auto &[R, Out, Rc] : Deliveries)
    edge(Parts[R].Id, Out, Rc->Inst.Index, portIndex(*Rc, /*Output=*/false));
}

/// Lower tree levels first: each reducer's result is one contribution to
/// the level above, in the same round.
std::vector<MainBuilder::Producer>
MainBuilder::tree(const std::string &Prefix, std::vector<Producer> Inputs,
                  unsigned Op, llvm::Value *UserOp, uint32_t Node) {
  unsigned Level = 0;
  while (Inputs.size() > TreeThreshold) {
    std::vector<Producer> Next;
    ++Level;
    for (size_t I = 0; I < Inputs.size(); I += TreeFanIn) {
      size_t N = std::min(TreeFanIn, Inputs.size() - I);
      std::vector<Producer> Group(Inputs.begin() + I, Inputs.begin() + I + N);
      Next.push_back(combine(Prefix + ".tree" + std::to_string(Level) + "." +
                                 std::to_string(Next.size()),
                             Group, Op, UserOp, Node, "the next level"));
    }
    Inputs = std::move(Next);
  }
  return Inputs;
}

/// One runtime reducer of Group on Node, feeding one receiver.
MainBuilder::Producer MainBuilder::combine(const std::string &Name,
                                           const std::vector<Producer> &Group,
                                           unsigned Op, llvm::Value *UserOp,
                                           uint32_t Node,
                                           const char *Receiver) {
  std::vector<std::string> Names;
  for (const Producer &In : Group)
    Names.push_back(In.Name);
  uint32_t Id = addCollective(abi::CollectiveKind::Reduce, Name, Op, UserOp,
                              Names, {Receiver}, Node);
  for (size_t K = 0; K < Group.size(); ++K)
    edge(Group[K].Inst, Group[K].Port, Id, uint32_t(K));
  return {Id, 0, Name, Node};
}

/// Registers one runtime collective on Node and returns its instance id.
uint32_t MainBuilder::addCollective(abi::CollectiveKind Kind,
                                    const std::string &Name, unsigned Op,
                                    llvm::Value *UserOp,
                                    const std::vector<std::string> &Sources,
                                    const std::vector<std::string> &Receivers,
                                    uint32_t Node) {
  Place.push_back(Node);
  PendingCollectives.push_back(llvm::ConstantStruct::get(
      collectiveRecordType(),
      {B.getInt32(uint32_t(Kind)), B.getInt32(Op), B.getInt32(Sources.size()),
       B.getInt32(Receivers.size()), str(Name),
       llvm::cast<llvm::Constant>(UserOp), strArray(Sources, Name + ".sources"),
       strArray(Receivers, Name + ".receivers")}));
  return NextId++;
}

/// abi::CollectiveRecord as LLVM lays it out.
llvm::StructType *MainBuilder::collectiveRecordType() {
  if (!CollectiveRecordTy) {
    llvm::Type *I32 = B.getInt32Ty(), *Ptr = B.getPtrTy();
    CollectiveRecordTy =
        llvm::StructType::get(C, {I32, I32, I32, I32, Ptr, Ptr, Ptr, Ptr});
  }
  return CollectiveRecordTy;
}

/// Registers the collectives added since the last flush, as one table: in
/// the order of their ids, before anything that names them by id
/// (aspen_rt_set_plan).
void MainBuilder::flushCollectives() {
  if (PendingCollectives.empty())
    return;
  auto *Ty =
      llvm::ArrayType::get(collectiveRecordType(), PendingCollectives.size());
  auto *G = new llvm::GlobalVariable(
      M, Ty, true, llvm::GlobalValue::PrivateLinkage,
      llvm::ConstantArray::get(Ty, PendingCollectives), "aspen.collectives");
  B.CreateCall(Rt.aspen_rt_add_collectives,
               {G, B.getInt64(PendingCollectives.size())});
  PendingCollectives.clear();
}

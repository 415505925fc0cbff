//===- GraphDumper.cpp - Stable text form of a flow graph -----------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/Graph/GraphDumper.h"

using namespace aspen;
using namespace aspen::graph;

static std::string port(const Program &P, const PortRef &R) {
  std::string S = P.get(R.Inst).Name;
  if (!R.Queue.empty())
    S += "." + R.Queue;
  return S;
}

static std::string list(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &X : V)
    S += (S.empty() ? "" : ", ") + X;
  return S;
}

static const char *kindName(SNetNode::Kind K) {
  switch (K) {
  case SNetNode::Box:
    return "Box";
  case SNetNode::Serial:
    return "Serial";
  case SNetNode::Parallel:
    return "Parallel";
  case SNetNode::Star:
    return "Star";
  case SNetNode::Split:
    return "Split";
  case SNetNode::Feedback:
    return "Feedback";
  case SNetNode::Filter:
    return "Filter";
  case SNetNode::Sync:
    return "Sync";
  }
  return "?";
}

static std::string filterText(const SNetNode &N) {
  if (N.Identity)
    return "[]";
  std::string S = "[" + N.Patterns[0].str() + " ->";
  for (const FilterBranch &B : N.FilterBranches) {
    if (&B != &N.FilterBranches.front())
      S += " else";
    if (!B.Cond.empty())
      S += " if " + B.Cond + " then";
    for (size_t I = 0; I < B.Outputs.size(); ++I) {
      S += I ? "; {" : " {";
      bool First = true;
      for (const FilterAssign &A : B.Outputs[I]) {
        S += First ? "" : ", ";
        First = false;
        if (A.IsTag)
          S +=
              "<" + A.Label + (A.Source == A.Label ? "" : "=" + A.Source) + ">";
        else
          S += A.Label + (A.Source == A.Label ? "" : "=" + A.Source);
      }
      S += "}";
    }
  }
  return S + "]";
}

/// One-line description of an S-Net node, shared with the DOT emitter.
std::string describeSNetNode(const SNetNode &N) {
  std::string S = kindName(N.K);
  switch (N.K) {
  case SNetNode::Box: {
    S += " " + N.BoxName +
         (N.Initialiser ? " ->" : " " + N.Patterns[0].Type.str() + " ->");
    for (size_t I = 0; I < N.BoxOutputs.size(); ++I)
      S += (I ? " | " : " ") + N.BoxOutputs[I].str();
    break;
  }
  case SNetNode::Star:
  case SNetNode::Feedback:
    S += N.K == SNetNode::Star ? " exit " : " back ";
    for (size_t I = 0; I < N.Patterns.size(); ++I)
      S += (I ? ", " : "") + N.Patterns[I].str();
    break;
  case SNetNode::Split:
    S += " <" + N.Tag + ">";
    break;
  case SNetNode::Filter:
    S += " " + filterText(N);
    break;
  case SNetNode::Sync: {
    S += " [|";
    for (size_t I = 0; I < N.Patterns.size(); ++I)
      S += (I ? ", " : " ") + N.Patterns[I].str();
    S += " |]";
    break;
  }
  default:
    break;
  }
  if (N.Deterministic)
    S += " (deterministic)";
  if (!N.NetName.empty() && N.K != SNetNode::Box)
    S += " (net " + N.NetName + ")";
  return S;
}

static void dumpNode(const Program &P, SNetNodeId Id, unsigned Depth,
                     llvm::raw_ostream &OS) {
  const SNetNode &N = P.get(Id);
  OS.indent(Depth * 2) << describeSNetNode(N) << '\n';
  for (const TypeMapping &M : N.Types) {
    OS.indent(Depth * 2 + 2) << "type " << M.Input.str() << " ->";
    if (M.Outputs.empty())
      OS << " (nothing)";
    for (size_t I = 0; I < M.Outputs.size(); ++I)
      OS << (I ? " | " : " ") << M.Outputs[I].str();
    OS << '\n';
  }
  for (SNetNodeId C : N.Children)
    dumpNode(P, C, Depth + 1, OS);
}

/// A reduce's stored plan across nodes, one "Plan" line each: the node of
/// each rank, then the plan over ranks as describePlan writes it.
static void dumpPlan(const Program &P, const plan::NodeReducePlan &NP,
                     llvm::raw_ostream &OS) {
  switch (NP.K) {
  case plan::NodeReducePlan::Failed:
    OS << "    Plan (no plan: " << NP.Error << ")\n";
    return;
  case plan::NodeReducePlan::Local:
    OS << "    Plan local to one node\n";
    return;
  case plan::NodeReducePlan::AcrossNodes:
    break;
  }
  OS << "    Plan ranks ";
  for (size_t Rk = 0; Rk < NP.NodeOfRank.size(); ++Rk)
    OS << (Rk ? ", " : "") << Rk << '=' << P.Nodes[NP.NodeOfRank[Rk]].Name;
  OS << '\n';
  std::string Steps = plan::describePlan(NP.Plan);
  for (llvm::StringRef Rest = Steps; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    OS << "    Plan " << Line << '\n';
    Rest = Next;
  }
  if (NP.Segmented)
    OS << "    Plan large arrays (ASPEN_REDUCE_SEGMENT_BYTES, default 64 KiB): "
          "reduce-scatter then allgather over the same links\n";
}

void aspen::graph::dump(const Program &P, llvm::raw_ostream &OS) {
  OS << "Program " << P.RootName << '\n';
  if (P.Nodes.size() > 1)
    for (size_t K = 0; K < P.Nodes.size(); ++K)
      OS << "  Node #" << K << ' ' << P.Nodes[K].Name << " slots "
         << P.Nodes[K].Slots << '\n';
  for (const Module &M : P.Modules) {
    OS << "  Module " << M.Name << (M.K == Module::Box ? " box" : " action");
    if (!M.InputQueues.empty())
      OS << " inputs(" << list(M.InputQueues) << ")";
    if (!M.OutputQueues.empty())
      OS << " outputs(" << list(M.OutputQueues) << ")";
    if (M.SendsDefault)
      OS << " sends";
    if (M.DequeuesDefault)
      OS << " dequeues";
    if (!M.BySenderQueues.empty()) {
      std::vector<std::string> Names = M.BySenderQueues;
      for (std::string &N : Names)
        if (N.empty())
          N = "default";
      OS << " by-sender(" << list(Names) << ")";
    }
    OS << '\n';
  }
  for (size_t I = 0; I < P.Instances.size(); ++I) {
    const Instance &Inst = P.Instances[I];
    OS << "  Instance #" << I << ' ' << Inst.Name;
    if (Inst.K == Instance::SNet) {
      OS << " network";
      if (P.Nodes.size() > 1)
        OS << " @" << P.Nodes[Inst.Node].Name;
      OS << '\n';
      continue;
    }
    OS << " : " << P.get(Inst.Module).Name;
    if (Inst.IsVector)
      OS << " [" << Inst.Index << " of " << Inst.VectorLength << "]";
    if (Inst.Args) {
      OS << " (";
      const ArgList &A = P.get(*Inst.Args);
      for (size_t K = 0; K < A.Values.size(); ++K)
        OS << (K ? ", " : "") << A.Values[K].Param << " = " << A.Values[K].Cxx;
      OS << ')';
    }
    if (Inst.Pin) {
      if (Inst.Pin->K == Placement::NodeIndex)
        OS << " on node #" << Inst.Pin->Index;
      else
        OS << " on node '" << Inst.Pin->Node << "'";
    }
    if (P.Nodes.size() > 1)
      OS << " @" << P.Nodes[Inst.Node].Name;
    OS << '\n';
  }
  for (const Edge &E : P.Edges)
    OS << "  Edge " << port(P, E.From) << " -> " << port(P, E.To) << '\n';
  for (const Collective &C : P.Collectives) {
    if (C.K == Collective::Reduce)
      OS << "  Reduce " << C.Name << " op " << C.Op
         << (C.UserOp ? " (user)" : "") << (C.AllReduce ? " all-reduce" : "");
    else
      OS << "  " << kindName(C.K) << ' ' << C.Name
         << (C.AllReduce && C.K == Collective::Gather ? " all-gather" : "");
    OS << '\n';
    for (const PortRef &S : C.Sources)
      OS << "    Source " << port(P, S) << '\n';
    for (const PortRef &R : C.Receivers)
      OS << "    Receiver " << port(P, R) << '\n';
    if (isPassThrough(C))
      OS << "    Pass-through: compiled as a direct edge\n";
    if (C.Plan)
      dumpPlan(P, *C.Plan, OS);
  }
  for (const Instance &Inst : P.Instances) {
    if (Inst.K != Instance::SNet)
      continue;
    OS << "  Network " << Inst.Name << '\n';
    dumpNode(P, Inst.Net, 2, OS);
  }
}

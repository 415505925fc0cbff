//===- DotEmitter.cpp - Graphviz form of a flow graph ---------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Instances of one vector share a cluster; collectives are diamonds
// (Reduce) and triangles (Broadcast) with dashed edges from their sources;
// each S-Net network is a cluster whose combinators nest as clusters, with
// small points marking where records enter and leave.
//
//===----------------------------------------------------------------------===//

#include "aspen/Graph/GraphDumper.h"
#include <map>

using namespace aspen;
using namespace aspen::graph;

std::string describeSNetNode(const SNetNode &N);

/// A DOT string literal.
static std::string q(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '\n') {
      Out += "\\n";
      continue;
    }
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

namespace {
class DotWriter {
public:
  DotWriter(const Program &P, llvm::raw_ostream &OS) : P(P), OS(OS) {}
  void run();

private:
  /// Writes S-Net node `Id`; returns the DOT ids where records enter and
  /// leave it.
  std::pair<std::string, std::string> net(SNetNodeId Id, unsigned Depth);
  std::string fresh() { return "s" + std::to_string(Counter++); }
  std::string inOf(InstanceId I) const {
    return NetIn.count(I.Index) ? NetIn.at(I.Index)
                                : "i" + std::to_string(I.Index);
  }
  std::string outOf(InstanceId I) const {
    return NetOut.count(I.Index) ? NetOut.at(I.Index)
                                 : "i" + std::to_string(I.Index);
  }

  const Program &P;
  llvm::raw_ostream &OS;
  unsigned Counter = 0;
  std::map<uint32_t, std::string> NetIn, NetOut;
};
} // namespace

std::pair<std::string, std::string> DotWriter::net(SNetNodeId Id,
                                                   unsigned Depth) {
  const SNetNode &N = P.get(Id);
  std::string Pad(Depth * 2, ' ');
  if (N.K == SNetNode::Box || N.K == SNetNode::Filter ||
      N.K == SNetNode::Sync) {
    std::string Node = fresh();
    const char *Shape = N.K == SNetNode::Box      ? "box"
                        : N.K == SNetNode::Filter ? "parallelogram"
                                                  : "doubleoctagon";
    std::string Label = N.K == SNetNode::Box ? N.BoxName : describeSNetNode(N);
    OS << Pad << Node << " [shape=" << Shape << ", label=" << q(Label)
       << "];\n";
    return {Node, Node};
  }
  std::string Cluster = "cluster_net_" + fresh();
  std::string Label = describeSNetNode(N);
  OS << Pad << "subgraph " << Cluster << " {\n"
     << Pad << "  label=" << q(Label) << "; style=rounded;\n";
  std::string In = fresh(), Out = fresh();
  OS << Pad << "  " << In << " [shape=point];\n"
     << Pad << "  " << Out << " [shape=point];\n";
  std::vector<std::pair<std::string, std::string>> Kids;
  for (SNetNodeId C : N.Children)
    Kids.push_back(net(C, Depth + 1));
  OS << Pad << "}\n";
  switch (N.K) {
  case SNetNode::Serial:
    OS << Pad << In << " -> " << Kids.front().first << ";\n";
    for (size_t I = 0; I + 1 < Kids.size(); ++I)
      OS << Pad << Kids[I].second << " -> " << Kids[I + 1].first << ";\n";
    OS << Pad << Kids.back().second << " -> " << Out << ";\n";
    break;
  case SNetNode::Parallel:
    for (const auto &K : Kids)
      OS << Pad << In << " -> " << K.first << ";\n"
         << Pad << K.second << " -> " << Out << ";\n";
    break;
  default: // star, split, feedback: one operand
    OS << Pad << In << " -> " << Kids[0].first << ";\n"
       << Pad << Kids[0].second << " -> " << Out << ";\n";
    if (N.K == SNetNode::Star || N.K == SNetNode::Feedback)
      OS << Pad << Kids[0].second << " -> " << Kids[0].first
         << " [style=dotted, constraint=false];\n";
    break;
  }
  return {In, Out};
}

void DotWriter::run() {
  OS << "digraph " << q(P.RootName) << " {\n"
     << "  rankdir=LR; compound=true; node [fontname=\"Helvetica\"];\n"
     << "  edge [fontname=\"Helvetica\", fontsize=10];\n";

  // Placed on several nodes: a bold cluster per node around its instances
  // (and a vector's part on it); otherwise a cluster per vector.
  const bool Placed = P.Nodes.size() > 1;
  auto NodeOf = [&](uint32_t I) { return Placed ? P.Instances[I].Node : 0u; };
  const uint32_t NumNodes = Placed ? uint32_t(P.Nodes.size()) : 1;
  for (uint32_t Nd = 0; Nd < NumNodes; ++Nd) {
    std::string Pad = Placed ? "    " : "  ";
    if (Placed)
      OS << "  subgraph " << q("cluster_node_" + std::to_string(Nd))
         << " {\n    label="
         << q("node " + std::to_string(Nd) + ": " + P.Nodes[Nd].Name + " (" +
              std::to_string(P.Nodes[Nd].Slots) + " slots)")
         << "; style=bold; color=darkgreen; fontcolor=darkgreen;\n";
    std::map<std::string, std::vector<uint32_t>> Vectors;
    std::vector<std::string> Order;
    for (uint32_t I = 0; I < P.Instances.size(); ++I) {
      if (NodeOf(I) != Nd)
        continue;
      const Instance &Inst = P.Instances[I];
      if (Inst.K == Instance::SNet) {
        std::string Cluster = "cluster_network_" + std::to_string(I);
        OS << Pad << "subgraph " << Cluster << " {\n"
           << Pad << "  label=" << q(Inst.Name) << "; style=dashed;\n";
        auto [In, Out] = net(Inst.Net, Placed ? 3 : 2);
        OS << Pad << "}\n";
        NetIn[I] = In;
        NetOut[I] = Out;
        continue;
      }
      if (Inst.IsVector) {
        if (!Vectors.count(Inst.Vector))
          Order.push_back(Inst.Vector);
        Vectors[Inst.Vector].push_back(I);
        continue;
      }
      OS << Pad << "i" << I << " [shape=box, style=rounded, label="
         << q(Inst.Name + "\n" + P.get(Inst.Module).Name) << "];\n";
    }
    for (const std::string &V : Order) {
      const auto &Ids = Vectors[V];
      // On several nodes a vector is cut into one part per node.
      std::string Part = Placed ? "_n" + std::to_string(Nd) : "";
      const Instance &First = P.Instances[Ids.front()];
      const Instance &Last = P.Instances[Ids.back()];
      std::string Range =
          Ids.size() == size_t(First.VectorLength)
              ? std::to_string(Ids.size())
              : std::to_string(First.Index) + ":" + std::to_string(Last.Index);
      OS << Pad << "subgraph " << q("cluster_vec_" + V + Part) << " {\n"
         << Pad
         << "  label=" << q(V + "[" + Range + "] : " + P.get(First.Module).Name)
         << "; style=filled; color=lightgrey;\n";
      for (uint32_t I : Ids)
        OS << Pad << "  i" << I << " [shape=box, style=\"rounded,filled\", "
           << "fillcolor=white, label="
           << q("[" + std::to_string(P.Instances[I].Index) + "]") << "];\n";
      OS << Pad << "}\n";
    }
    if (Placed)
      OS << "  }\n";
  }

  auto QueueLabel = [](const PortRef &From, const PortRef &To) {
    if (From.Queue.empty() && To.Queue.empty())
      return std::string();
    return " [label=" +
           q((From.Queue.empty() ? "" : From.Queue) + " > " +
             (To.Queue.empty() ? "" : To.Queue)) +
           "]";
  };
  for (const Edge &E : P.Edges)
    OS << "  " << outOf(E.From.Inst) << " -> " << inOf(E.To.Inst)
       << QueueLabel(E.From, E.To) << ";\n";

  for (size_t C = 0; C < P.Collectives.size(); ++C) {
    const Collective &Coll = P.Collectives[C];
    std::string Id = "c" + std::to_string(C);
    bool IsReduce = Coll.K == Collective::Reduce;
    OS << "  " << Id << " [shape=" << (IsReduce ? "diamond" : "triangle")
       << ", style=filled, fillcolor="
       << (IsReduce ? "lightblue" : "lightyellow") << ", label="
       << q(IsReduce ? Coll.Name + "(" + Coll.Op + ")" : Coll.Name) << "];\n";
    for (const PortRef &S : Coll.Sources)
      OS << "  " << outOf(S.Inst) << " -> " << Id << " [style=dashed"
         << (S.Queue.empty() ? "" : ", label=" + q(S.Queue)) << "];\n";
    for (const PortRef &R : Coll.Receivers)
      OS << "  " << Id << " -> " << inOf(R.Inst)
         << (R.Queue.empty() ? "" : " [label=" + q(R.Queue) + "]") << ";\n";
  }
  OS << "}\n";
}

void aspen::graph::emitDot(const Program &P, llvm::raw_ostream &OS) {
  DotWriter(P, OS).run();
}

//===- CodeGen.cpp - Flow graph to LLVM module ----------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// main() is built with llvm::IRBuilder: it registers each action module's
// factory and queue names, each run of instances of one vector, and the
// edges as one constant table, then hands control to the runtime. Instance
// ids are graph::InstanceId indices: instances are registered in graph
// order, and the runtime numbers them in registration order.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/CodeGen.h"
#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/Plan/CollectivePlans.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include <map>

using namespace aspen;
using namespace aspen::codegen;

namespace {

/// Declares the runtime's entry points from abi.def.
struct Abi {
  explicit Abi(llvm::Module &M) {
    llvm::LLVMContext &C = M.getContext();
    llvm::Type *Void = llvm::Type::getVoidTy(C);
    llvm::Type *I32 = llvm::Type::getInt32Ty(C);
    llvm::Type *U32 = I32;
    llvm::Type *U64 = llvm::Type::getInt64Ty(C);
    llvm::Type *Ptr = llvm::PointerType::get(C, 0);
    (void)Void, (void)U32, (void)U64, (void)Ptr;
#define ASPEN_RT_FN(Name, Result, ...)                                         \
  Name = M.getOrInsertFunction(                                                \
      #Name, llvm::FunctionType::get(Result, {__VA_ARGS__}, false));
#include "aspen/rt/abi.def"
  }
#define ASPEN_RT_FN(Name, Result, ...) llvm::FunctionCallee Name;
#include "aspen/rt/abi.def"
};

class MainBuilder {
public:
  MainBuilder(const graph::Program &P, llvm::Module &M)
      : P(P), M(M), C(M.getContext()), B(C), Rt(M) {}

  void build() {
    llvm::Type *I32 = B.getInt32Ty();
    llvm::Type *Ptr = B.getPtrTy();
    auto *MainTy = llvm::FunctionType::get(I32, {I32, Ptr}, false);
    auto *Main = llvm::Function::Create(
        MainTy, llvm::GlobalValue::ExternalLinkage, "main", M);
    B.SetInsertPoint(llvm::BasicBlock::Create(C, "entry", Main));
    B.CreateCall(Rt.aspen_rt_init, {Main->getArg(0), Main->getArg(1)});

    // Modules, by graph::ModuleId.
    std::vector<llvm::Value *> ModuleIds(P.Modules.size(), nullptr);
    for (size_t I = 0; I < P.Modules.size(); ++I) {
      const graph::Module &Mod = P.Modules[I];
      if (Mod.K != graph::Module::Action)
        continue;
      llvm::FunctionCallee Factory = M.getOrInsertFunction(
          "aspen_new_" + Mod.Name, llvm::FunctionType::get(Ptr, {}, false));
      ModuleIds[I] =
          B.CreateCall(Rt.aspen_rt_add_module,
                       {str(Mod.Name), Factory.getCallee(),
                        B.getInt32(Mod.InputQueues.size()),
                        strArray(Mod.InputQueues, Mod.Name + ".inputs"),
                        B.getInt32(Mod.OutputQueues.size()),
                        strArray(Mod.OutputQueues, Mod.Name + ".outputs")},
                       "module." + Mod.Name);
    }

    // Instances: one call per run of consecutive elements of one vector.
    for (size_t I = 0; I < P.Instances.size();) {
      const graph::Instance &Inst = P.Instances[I];
      if (Inst.K == graph::Instance::SNet) {
        // A network is one instance of a module generated for it.
        llvm::FunctionCallee Factory =
            M.getOrInsertFunction("aspen_new_net_" + std::to_string(I),
                                  llvm::FunctionType::get(Ptr, {}, false));
        llvm::Value *Mod =
            B.CreateCall(Rt.aspen_rt_add_module,
                         {str(Inst.Name), Factory.getCallee(), B.getInt32(0),
                          strArray({}, ""), B.getInt32(0), strArray({}, "")});
        B.CreateCall(Rt.aspen_rt_add_instances,
                     {Mod, str(Inst.Name), B.getInt32(1), B.getInt32(0)});
        ++I;
        continue;
      }
      size_t J = I + 1;
      while (J < P.Instances.size() && P.Instances[J].Vector == Inst.Vector &&
             P.Instances[J].Index == P.Instances[J - 1].Index + 1)
        ++J;
      llvm::Value *ModId = ModuleIds[Inst.Module.Index];
      if (Inst.Args) {
        // Instances declared with arguments: the same module, made by a
        // factory that sets its parameters.
        const graph::Module &Mod = P.get(Inst.Module);
        llvm::FunctionCallee Factory = M.getOrInsertFunction(
            "aspen_new_args_" + std::to_string(Inst.Args->Index),
            llvm::FunctionType::get(Ptr, {}, false));
        ModId = B.CreateCall(
            Rt.aspen_rt_add_module,
            {str(Mod.Name), Factory.getCallee(),
             B.getInt32(Mod.InputQueues.size()),
             strArray(Mod.InputQueues, Mod.Name + ".inputs"),
             B.getInt32(Mod.OutputQueues.size()),
             strArray(Mod.OutputQueues, Mod.Name + ".outputs")});
      }
      B.CreateCall(Rt.aspen_rt_add_instances,
                   {ModId, str(Inst.Vector),
                    B.getInt32(uint32_t(J - I)), B.getInt32(Inst.IsVector)});
      I = J;
    }

    // Edges: a constant table of (from, fromPort, to, toPort).
    std::vector<uint32_t> Table;
    Table.reserve(P.Edges.size() * 4);
    for (const graph::Edge &E : P.Edges) {
      Table.push_back(E.From.Inst.Index);
      Table.push_back(portIndex(E.From, /*Output=*/true));
      Table.push_back(E.To.Inst.Index);
      Table.push_back(portIndex(E.To, /*Output=*/false));
    }

    // Collectives: runtime-provided instances numbered after the program's.
    NextId = uint32_t(P.Instances.size());
    for (const graph::Instance &I : P.Instances)
      Place.push_back(I.Node);
    for (const graph::Collective &Coll : P.Collectives)
      collective(Coll, Table);

    // Several nodes: the hostfile and where each instance runs.
    if (P.Nodes.size() > 1) {
      for (const graph::HostNode &N : P.Nodes)
        B.CreateCall(Rt.aspen_rt_add_node, {str(N.Name), B.getInt32(N.Port)});
      auto *Init = llvm::ConstantDataArray::get(C, Place);
      auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage,
                                         Init, "aspen.placement");
      B.CreateCall(Rt.aspen_rt_place, {G, B.getInt64(Place.size())});
    }

    if (!Table.empty()) {
      auto *Init = llvm::ConstantDataArray::get(C, Table);
      auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage,
                                         Init, "aspen.edges");
      B.CreateCall(Rt.aspen_rt_add_edges, {G, B.getInt64(Table.size() / 4)});
    }
    B.CreateRet(B.CreateCall(Rt.aspen_rt_run, {}, "status"));
  }

private:
  /// Reduces with more participants than this combine through a tree of
  /// runtime reducers, TreeFanIn contributions each, so the combining runs
  /// on several workers at once; smaller ones combine serially in one.
  static constexpr size_t TreeThreshold = 8, TreeFanIn = 4;

  struct Producer {
    uint32_t Inst, Port;
    std::string Name;
    uint32_t Node = 0;
  };

  /// Registers one runtime collective and returns its instance id.
  uint32_t addCollective(unsigned Kind, const std::string &Name, unsigned Op,
                         llvm::Value *UserOp,
                         const std::vector<std::string> &Sources,
                         const std::vector<std::string> &Receivers,
                         uint32_t Node) {
    Place.push_back(Node);
    B.CreateCall(Rt.aspen_rt_add_collective,
                 {B.getInt32(Kind), str(Name), B.getInt32(Op),
                  UserOp, B.getInt32(Sources.size()),
                  strArray(Sources, Name + ".sources"),
                  B.getInt32(Receivers.size()),
                  strArray(Receivers, Name + ".receivers")});
    return NextId++;
  }

  void collective(const graph::Collective &Coll, std::vector<uint32_t> &Table) {
    bool IsReduce = Coll.K == graph::Collective::Reduce;
    // Across nodes a reduce follows the plan --dump-graph shows: the one
    // stored in the graph.
    const plan::NodeReducePlan *NodePlan =
        Coll.Plan && Coll.Plan->K == plan::NodeReducePlan::AcrossNodes
            ? &*Coll.Plan
            : nullptr;
    // A pass-through (one contribution, one receiver) would only forward
    // each message: connect the two ends directly instead (Fig. 7b).
    if (isPassThrough(Coll)) {
      const graph::PortRef &From = Coll.Sources[0], &To = Coll.Receivers[0];
      Table.insert(Table.end(),
                   {From.Inst.Index, portIndex(From, /*Output=*/true),
                    To.Inst.Index, portIndex(To, /*Output=*/false)});
      return;
    }
    unsigned Op = 0;
    llvm::Value *UserOp = llvm::ConstantPointerNull::get(B.getPtrTy());
    if (IsReduce) {
      static const char *const Ops[] = {"sum", "multiply", "min", "max"};
      Op = 4;
      for (unsigned K = 0; K < 4; ++K)
        if (Coll.Op == Ops[K])
          Op = K;
      if (Coll.UserOp)
        UserOp = M.getOrInsertFunction(
                      userOpSymbol(Coll.Op),
                      llvm::FunctionType::get(
                          B.getVoidTy(), {B.getPtrTy(), B.getPtrTy()}, false))
                     .getCallee();
    }
    auto Edge = [&](uint32_t From, uint32_t FromPort, uint32_t To,
                    uint32_t ToPort) {
      Table.insert(Table.end(), {From, FromPort, To, ToPort});
    };

    std::vector<Producer> Inputs;
    for (const graph::PortRef &S : Coll.Sources)
      Inputs.push_back({S.Inst.Index, portIndex(S, /*Output=*/true),
                        portName(S), P.get(S.Inst).Node});
    bool Multi = P.Nodes.size() > 1;
    if (IsReduce && Multi) {
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
        Group = tree(Prefix, Group, Op, UserOp, N, Edge);
        if (Group.size() > 1)
          Group = {combine(Prefix, Group, Op, UserOp, N, "the reduce", Edge)};
        PerNode.push_back(Group.front());
      }
      Inputs = std::move(PerNode);
    } else if (IsReduce) {
      Inputs = tree(Coll.Name, Inputs, Op, UserOp, 0, Edge);
    }

    if (NodePlan) {
      planned(Coll, *NodePlan, Inputs, Op, UserOp, Edge);
      return;
    }

    // The collective itself runs where its result is needed first (a
    // reduce) or where its messages come from (a broadcast). Receivers on
    // another node that has several of them get one copy through a
    // broadcast on that node (Fig. 7a again).
    // Gather and AllToAll take one input per participant, as a reduce
    // does; Scatter and AllToAll give each receiver a different piece, so
    // their receivers on another node cannot share one copy.
    bool PerParticipant = IsReduce || Coll.K == graph::Collective::Gather ||
                          Coll.K == graph::Collective::AllToAll;
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
    for (size_t K = 0; K < Coll.Receivers.size(); ++K) {
      const graph::PortRef &R = Coll.Receivers[K];
      uint32_t N = P.get(R.Inst).Node;
      size_t There = 0;
      for (const graph::PortRef &O : Coll.Receivers)
        There += P.get(O.Inst).Node == N;
      if (!Multi || N == Home || There < 2 || !SameForAll) {
        Out.push_back({R.Inst.Index, portIndex(R, /*Output=*/false),
                       portName(R)});
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
      uint32_t Id = addCollective(1, Name, 0,
                                  llvm::ConstantPointerNull::get(B.getPtrTy()),
                                  {Coll.Name}, Names, N);
      for (size_t L = 0; L < Local.size(); ++L)
        Edge(Id, uint32_t(L), Local[L]->Inst.Index,
             portIndex(*Local[L], /*Output=*/false));
      Out.push_back({Id, 0, Name});
    }

    std::vector<std::string> Sources, Receivers;
    for (const Producer &In : Inputs)
      Sources.push_back(In.Name);
    for (const Delivery &D : Out)
      Receivers.push_back(D.Name);
    // The ABI's kinds (abi.def): 0 Reduce, 1 Broadcast, 3 Gather,
    // 4 Scatter, 5 AllToAll.
    static const unsigned AbiKind[] = {0, 1, 3, 4, 5};
    uint32_t Id = addCollective(AbiKind[Coll.K], Coll.Name, Op, UserOp, Sources,
                                Receivers, Home);
    for (size_t K = 0; K < Inputs.size(); ++K)
      Edge(Inputs[K].Inst, Inputs[K].Port, Id,
           PerParticipant ? uint32_t(K) : 0);
    for (size_t K = 0; K < Out.size(); ++K)
      Edge(Id, uint32_t(K), Out[K].Inst, Out[K].Port);
  }

  /// A reduce across nodes as section 3.2 plans it: one runtime part per
  /// node taking part, each running its node's steps every round. Node
  /// contributions (already combined inside each node) go in first; every
  /// transfer of the plan is an edge of its own between two parts; the
  /// parts on receivers' nodes deliver to them.
  template <typename EdgeFn>
  void planned(const graph::Collective &Coll, const plan::NodeReducePlan &NP,
               const std::vector<Producer> &PerNode, unsigned Op,
               llvm::Value *UserOp, EdgeFn &Edge) {
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
    std::vector<std::tuple<unsigned, unsigned, const graph::PortRef *>> Deliveries;
    auto NodeName = [&](unsigned R) { return P.Nodes[NP.NodeOfRank[R]].Name; };
    for (unsigned R = 0; R < NR; ++R) {
      Part &Pt = Parts[R];
      for (const Producer &Pr : PerNode)
        if (Pr.Node == NP.NodeOfRank[R]) {
          Contributions.push_back({R, &Pr});
          Pt.In.push_back(Pr.Name);
          Pt.Steps.insert(Pt.Steps.end(), {0, 0, 0});
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
        From.Steps.insert(From.Steps.end(), {1, Out, 0});
        Links.push_back({T.From, Out, T.To, In});
      }
      for (const plan::Transfer &T : Pl.Steps[S]) {
        Part &To = Parts[T.To];
        unsigned In = Links[Links.size() - Pl.Steps[S].size() +
                            unsigned(&T - Pl.Steps[S].data())]
                          .ToPort;
        To.Steps.insert(To.Steps.end(),
                        {T.Kind == plan::TransferKind::Reduce ? 2u : 3u, In,
                         T.From < T.To ? 1u : 0u});
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
          Pt.Steps.insert(Pt.Steps.end(), {4, Out, 0});
          Deliveries.push_back({R, Out, &Rc});
        }
    }
    // A pure butterfly of two stages or more (an all-reduce over four,
    // eight, ... nodes, all of them receivers, with a built-in, elementwise
    // operation) may run as Rabenseifner's reduce-scatter and allgather
    // over the same links when the arrays are large, as the plan records:
    // mark the part's first step, and on each stage's combine whether this
    // rank keeps the upper half.
    if (NP.Segmented)
      for (unsigned R = 0; R < NR; ++R) {
        Part &Pt = Parts[R];
        if (Pt.Steps.empty() || Pt.Steps[0] != 0)
          continue; // no contribution of its own: cannot happen here
        Pt.Steps[2] |= 8; // the TakeLocal of the node's contribution
        unsigned Stage = 0;
        for (size_t K = 3; K < Pt.Steps.size(); K += 3)
          if (Pt.Steps[K] == 2) {
            unsigned D = Pl.Steps[Stage][0].From ^ Pl.Steps[Stage][0].To;
            if (R & D)
              Pt.Steps[K + 2] |= 4;
            ++Stage;
          }
      }
    for (unsigned R = 0; R < NR; ++R) {
      Part &Pt = Parts[R];
      // The last step hands over what is held instead of a copy.
      if (!Pt.Steps.empty() && (Pt.Steps[Pt.Steps.size() - 3] == 1 ||
                                Pt.Steps[Pt.Steps.size() - 3] == 4))
        Pt.Steps.back() |= 2;
      Pt.Id = addCollective(2, Coll.Name + "@" + NodeName(R), Op, UserOp,
                            Pt.In, Pt.Out, NP.NodeOfRank[R]);
      auto *Init = llvm::ConstantDataArray::get(C, Pt.Steps);
      auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage,
                                         Init, "aspen.plan");
      B.CreateCall(Rt.aspen_rt_set_plan,
                   {B.getInt32(Pt.Id), G, B.getInt64(Pt.Steps.size() / 3)});
    }
    for (auto &[R, Pr] : Contributions)
      Edge(Pr->Inst, Pr->Port, Parts[R].Id, 0);
    for (const Link &L : Links)
      Edge(Parts[L.From].Id, L.FromPort, Parts[L.To].Id, L.ToPort);
    for (auto &[R, Out, Rc] : Deliveries)
      Edge(Parts[R].Id, Out, Rc->Inst.Index,
           portIndex(*Rc, /*Output=*/false));
  }

  /// Lower tree levels first: each reducer's result is one contribution
  /// to the level above, in the same round.
  template <typename EdgeFn>
  std::vector<Producer> tree(const std::string &Prefix,
                             std::vector<Producer> Inputs, unsigned Op,
                             llvm::Value *UserOp, uint32_t Node,
                             EdgeFn &Edge) {
    unsigned Level = 0;
    while (Inputs.size() > TreeThreshold) {
      std::vector<Producer> Next;
      ++Level;
      for (size_t I = 0; I < Inputs.size(); I += TreeFanIn) {
        size_t N = std::min(TreeFanIn, Inputs.size() - I);
        std::vector<Producer> Group(Inputs.begin() + I,
                                    Inputs.begin() + I + N);
        Next.push_back(combine(Prefix + ".tree" + std::to_string(Level) +
                                   "." + std::to_string(Next.size()),
                               Group, Op, UserOp, Node, "the next level",
                               Edge));
      }
      Inputs = std::move(Next);
    }
    return Inputs;
  }

  /// One runtime reducer of Group on Node, feeding one receiver.
  template <typename EdgeFn>
  Producer combine(const std::string &Name, const std::vector<Producer> &Group,
                   unsigned Op, llvm::Value *UserOp, uint32_t Node,
                   const char *Receiver, EdgeFn &Edge) {
    std::vector<std::string> Names;
    for (const Producer &In : Group)
      Names.push_back(In.Name);
    uint32_t Id =
        addCollective(0, Name, Op, UserOp, Names, {Receiver}, Node);
    for (size_t K = 0; K < Group.size(); ++K)
      Edge(Group[K].Inst, Group[K].Port, Id, uint32_t(K));
    return {Id, 0, Name, Node};
  }

  std::string portName(const graph::PortRef &R) const {
    std::string S = P.get(R.Inst).Name;
    return R.Queue.empty() ? S : S + "." + R.Queue;
  }

  uint32_t portIndex(const graph::PortRef &R, bool Output) {
    if (R.Queue.empty())
      return 0;
    const graph::Module &Mod = P.get(P.get(R.Inst).Module);
    const auto &Q = Output ? Mod.OutputQueues : Mod.InputQueues;
    return uint32_t(std::find(Q.begin(), Q.end(), R.Queue) - Q.begin()) + 1;
  }

  llvm::Constant *str(const std::string &S) {
    auto It = Strings.find(S);
    if (It != Strings.end())
      return It->second;
    llvm::Constant *G = B.CreateGlobalStringPtr(S, "aspen.str", 0, &M);
    Strings.emplace(S, G);
    return G;
  }

  llvm::Constant *strArray(const std::vector<std::string> &Names,
                           const std::string &Label) {
    if (Names.empty())
      return llvm::ConstantPointerNull::get(B.getPtrTy());
    std::vector<llvm::Constant *> Elems;
    for (const std::string &N : Names)
      Elems.push_back(str(N));
    auto *Ty = llvm::ArrayType::get(B.getPtrTy(), Elems.size());
    return new llvm::GlobalVariable(
        M, Ty, true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantArray::get(Ty, Elems), "aspen." + Label);
  }

  const graph::Program &P;
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::IRBuilder<> B;
  Abi Rt;
  std::map<std::string, llvm::Constant *> Strings;
  uint32_t NextId = 0; // runtime id of the next collective registered
  std::vector<uint32_t> Place; // the node of every instance, by runtime id
};

} // namespace

namespace {
/// Programs on several nodes: gives every payload class a wire format
/// (appended to Source), and reports a class that has none but is created
/// by a module whose messages cross to another node.
bool addWireFormats(const graph::Program &P, ClangRunner &Clang,
                    llvm::StringRef Name, std::string &Source,
                    DiagnosticEngine &Diags) {
  WireResult W;
  if (!Clang.findPayloads(Name, Source, W))
    return false;
  auto ModuleOf = [&P](graph::InstanceId I) -> const std::string & {
    static const std::string None;
    const graph::Instance &In = P.get(I);
    return In.K == graph::Instance::Action ? P.get(In.Module).Name : None;
  };
  // Every place a module's messages leave its node: (module, from, to, what).
  struct Crossing {
    std::string Module, What;
    uint32_t From, To;
    SourceLoc Loc;
  };
  std::vector<Crossing> Crossings;
  for (const graph::Edge &E : P.Edges) {
    uint32_t A = P.get(E.From.Inst).Node, B = P.get(E.To.Inst).Node;
    if (A != B)
      Crossings.push_back({ModuleOf(E.From.Inst),
                           "edge '" + P.get(E.From.Inst).Name + " -> " +
                               P.get(E.To.Inst).Name + "'",
                           A, B, E.Loc});
  }
  for (const graph::Collective &C : P.Collectives)
    for (const graph::PortRef &S : C.Sources)
      for (const graph::PortRef &R : C.Receivers)
        if (P.get(S.Inst).Node != P.get(R.Inst).Node) {
          Crossings.push_back({ModuleOf(S.Inst), "'" + C.Name + "'",
                               P.get(S.Inst).Node, P.get(R.Inst).Node, C.Loc});
          break;
        }
  bool Ok = true;
  for (const PayloadWire &PW : W.Payloads) {
    if (PW.Why.empty())
      continue;
    for (const Crossing &X : Crossings) {
      if (std::find(PW.CreatedBy.begin(), PW.CreatedBy.end(), X.Module) ==
          PW.CreatedBy.end())
        continue;
      Diags.report(X.Loc, DiagId::ErrPayloadNoWire)
          << PW.Name << P.Nodes[X.From].Name << P.Nodes[X.To].Name << X.What
          << PW.Why;
      Diags.report(PW.Loc, PW.MadeAt ? DiagId::NoteMadeHere
                                     : DiagId::NoteDeclaredHere)
          << PW.Name;
      Ok = false;
      break;
    }
  }
  Source += "\n#line 1 \"<payload wire formats>\"\n"
            "#include <aspen/wire.h>\n";
  Source += W.Code;
  return Ok;
}
} // namespace

namespace {
/// How Clang sees the action modules. Quoted #includes resolve against the
/// directory of each .asp file, as they would for the file itself.
ClangOptions clangOptions(llvm::ArrayRef<const ast::TranslationUnit *> Units,
                          DiagnosticEngine &Diags,
                          const CodeGenOptions &Opts) {
  ClangOptions COpts;
  COpts.OptLevel = Opts.OptLevel;
  COpts.DebugInfo = Opts.DebugInfo;
  COpts.Verbose = Opts.Verbose;
  COpts.BracketDepth = Opts.MaxNesting;
  COpts.Defines = Opts.Defines;
  for (const ast::TranslationUnit *TU : Units) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(
        Diags.getSourceManager().getName(TU->File));
    COpts.IncludeDirs.push_back(Dir.empty() ? "." : Dir.str());
  }
  COpts.IncludeDirs.insert(COpts.IncludeDirs.end(), Opts.IncludeDirs.begin(),
                           Opts.IncludeDirs.end());
  return COpts;
}

/// The translation unit of the action modules and, on several nodes, the
/// payloads' wire formats; false after reporting errors. Name is where it
/// lives for Clang: next to the first .asp file, since a quoted #include
/// looks first in its includer's directory, which must be that one, not
/// wherever aspenc happens to run (a header of the same name there would
/// shadow the program's own).
bool programSource(const graph::Program &P,
                   llvm::ArrayRef<const ast::TranslationUnit *> Units,
                   DiagnosticEngine &Diags, ClangRunner &Clang,
                   const ClangOptions &COpts, llvm::SmallString<128> &Name,
                   std::string &Source) {
  Source = emitModuleSource(P, Units, Diags.getSourceManager());
  Name = COpts.IncludeDirs.empty() || Units.empty() ? "."
                                                    : COpts.IncludeDirs.front();
  llvm::sys::path::append(Name, P.RootName + ".modules.cpp");
  return P.Nodes.size() <= 1 || addWireFormats(P, Clang, Name, Source, Diags);
}
} // namespace

bool aspen::codegen::dumpSource(
    const graph::Program &P, llvm::ArrayRef<const ast::TranslationUnit *> Units,
    DiagnosticEngine &Diags, const CodeGenOptions &Opts, llvm::raw_ostream &OS) {
  ClangOptions COpts = clangOptions(Units, Diags, Opts);
  ClangRunner Clang(Diags, COpts);
  llvm::SmallString<128> Name;
  std::string Source;
  if (!programSource(P, Units, Diags, Clang, COpts, Name, Source))
    return false;
  OS << Source;
  return true;
}

std::unique_ptr<llvm::Module>
aspen::codegen::generate(const graph::Program &P,
                         llvm::ArrayRef<const ast::TranslationUnit *> Units,
                         DiagnosticEngine &Diags, llvm::LLVMContext &Ctx,
                         const CodeGenOptions &Opts) {
  ClangOptions COpts = clangOptions(Units, Diags, Opts);
  ClangRunner Clang(Diags, COpts);
  llvm::SmallString<128> Name;
  std::string Source;
  if (!programSource(P, Units, Diags, Clang, COpts, Name, Source))
    return nullptr;
  std::unique_ptr<llvm::Module> Mods =
      Clang.compile(Name, Source, Ctx, /*CheckModules=*/true);
  if (!Mods)
    return nullptr;
  for (const std::string &Path : Opts.CxxSources) {
    auto Buf = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buf) {
      Diags.report({}, DiagId::ErrCannotOpen)
          << Path << Buf.getError().message();
      return nullptr;
    }
    std::unique_ptr<llvm::Module> Extra =
        Clang.compile(Path, (*Buf)->getBuffer(), Ctx, /*CheckModules=*/false);
    if (!Extra || llvm::Linker::linkModules(*Mods, std::move(Extra)))
      return nullptr;
  }

  // main(), in a module of its own, then linked with the modules' IR.
  auto Main = std::make_unique<llvm::Module>("aspen.main", Ctx);
  Main->setTargetTriple(Mods->getTargetTriple());
  Main->setDataLayout(Mods->getDataLayout());
  // Plans are made once, after placement; a caller that skipped that phase
  // gets them from the same function, on a copy of the program.
  std::optional<graph::Program> Planned;
  if (!plan::hasPlans(P)) {
    Planned = P;
    plan::planCollectives(*Planned);
  }
  MainBuilder(Planned ? *Planned : P, *Main).build();
  if (llvm::Linker::linkModules(*Mods, std::move(Main)))
    return nullptr;
  Mods->setModuleIdentifier(P.RootName);
  if (llvm::verifyModule(*Mods, &llvm::errs()))
    return nullptr;
  return Mods;
}

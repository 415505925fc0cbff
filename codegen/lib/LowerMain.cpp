//===- LowerMain.cpp - main(): modules, instances, edges, nodes -----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// main() registers each action module's factory and queue names, each run of
// instances of one vector, the collectives (LowerCollectives.cpp), on several
// nodes the hostfile and the node of every instance, and the edges as one
// constant table, then hands control to the runtime.
//
//===----------------------------------------------------------------------===//

#include "MainBuilder.h"
#include <algorithm>

using namespace aspen;
using namespace aspen::codegen;

void MainBuilder::build() {
  llvm::Type *I32 = B.getInt32Ty();
  llvm::Type *Ptr = B.getPtrTy();
  auto *MainTy = llvm::FunctionType::get(I32, {I32, Ptr}, false);
  auto *Main = llvm::Function::Create(
      MainTy, llvm::GlobalValue::ExternalLinkage, "main", M);
  B.SetInsertPoint(llvm::BasicBlock::Create(C, "entry", Main));
  B.CreateCall(Rt.aspen_rt_init, {Main->getArg(0), Main->getArg(1)});

  addModules();
  addInstances();

  Edges.reserve(P.Edges.size() * 4);
  for (const graph::Edge &E : P.Edges)
    edge(E.From.Inst.Index, portIndex(E.From, /*Output=*/true), E.To.Inst.Index,
         portIndex(E.To, /*Output=*/false));

  // Collectives: runtime-provided instances numbered after the program's.
  NextId = uint32_t(P.Instances.size());
  for (const graph::Instance &I : P.Instances)
    Place.push_back(I.Node);
  for (const graph::Collective &Coll : P.Collectives)
    collective(Coll);
  flushCollectives();

  addNodes();
  addEdges();
  B.CreateRet(B.CreateCall(Rt.aspen_rt_run, {}, "status"));
  finishStrings();
}

/// Action modules, by graph::ModuleId.
void MainBuilder::addModules() {
  llvm::Type *Ptr = B.getPtrTy();
  ModuleIds.assign(P.Modules.size(), nullptr);
  for (size_t I = 0; I < P.Modules.size(); ++I) {
    const graph::Module &Mod = P.Modules[I];
    if (Mod.K != graph::Module::Action)
      continue;
    llvm::FunctionCallee Factory = M.getOrInsertFunction(
        "aspen_new_" + Mod.Name, llvm::FunctionType::get(Ptr, {}, false));
    ModuleIds[I] = B.CreateCall(
        Rt.aspen_rt_add_module,
        {str(Mod.Name), Factory.getCallee(), B.getInt32(Mod.InputQueues.size()),
         strArray(Mod.InputQueues, Mod.Name + ".inputs"),
         B.getInt32(Mod.OutputQueues.size()),
         strArray(Mod.OutputQueues, Mod.Name + ".outputs")},
        "module." + Mod.Name);
    bySender(Mod, ModuleIds[I]);
  }
}

/// The queues a module dequeues `from:` a sender.
void MainBuilder::bySender(const graph::Module &Mod, llvm::Value *Id) {
  for (const std::string &Q : Mod.BySenderQueues) {
    auto At = std::find(Mod.InputQueues.begin(), Mod.InputQueues.end(), Q);
    uint32_t Port = Q.empty() ? 0 : uint32_t(At - Mod.InputQueues.begin()) + 1;
    B.CreateCall(Rt.aspen_rt_by_sender, {Id, B.getInt32(Port)});
  }
}

/// One call per run of consecutive elements of one vector.
void MainBuilder::addInstances() {
  llvm::Type *Ptr = B.getPtrTy();
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
      ModId = B.CreateCall(Rt.aspen_rt_add_module,
                           {str(Mod.Name), Factory.getCallee(),
                            B.getInt32(Mod.InputQueues.size()),
                            strArray(Mod.InputQueues, Mod.Name + ".inputs"),
                            B.getInt32(Mod.OutputQueues.size()),
                            strArray(Mod.OutputQueues, Mod.Name + ".outputs")});
      bySender(Mod, ModId);
    }
    B.CreateCall(Rt.aspen_rt_add_instances,
                 {ModId, str(Inst.Vector), B.getInt32(uint32_t(J - I)),
                  B.getInt32(Inst.IsVector)});
    I = J;
  }
}

/// Several nodes: the hostfile, and where each instance runs, collectives
/// included (so this comes after them).
void MainBuilder::addNodes() {
  if (P.Nodes.size() <= 1)
    return;
  for (const graph::HostNode &N : P.Nodes)
    B.CreateCall(Rt.aspen_rt_add_node, {str(N.Name), B.getInt32(N.Port)});
  auto *Init = llvm::ConstantDataArray::get(C, Place);
  auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                     llvm::GlobalValue::PrivateLinkage, Init,
                                     "aspen.placement");
  B.CreateCall(Rt.aspen_rt_place, {G, B.getInt64(Place.size())});
}

/// Every edge, the collectives' included, as one constant table.
void MainBuilder::addEdges() {
  if (Edges.empty())
    return;
  auto *Init = llvm::ConstantDataArray::get(C, Edges);
  auto *G = new llvm::GlobalVariable(M, Init->getType(), true,
                                     llvm::GlobalValue::PrivateLinkage, Init,
                                     "aspen.edges");
  B.CreateCall(Rt.aspen_rt_add_edges, {G, B.getInt64(Edges.size() / 4)});
}

std::string MainBuilder::portName(const graph::PortRef &R) const {
  std::string S = P.get(R.Inst).Name;
  return R.Queue.empty() ? S : S + "." + R.Queue;
}

/// 0 for the default queue, else 1 + the queue's place in the module's
/// declaration.
uint32_t MainBuilder::portIndex(const graph::PortRef &R, bool Output) const {
  if (R.Queue.empty())
    return 0;
  const graph::Module &Mod = P.get(P.get(R.Inst).Module);
  const auto &Q = Output ? Mod.OutputQueues : Mod.InputQueues;
  return uint32_t(std::find(Q.begin(), Q.end(), R.Queue) - Q.begin()) + 1;
}

/// Each distinct string once, in one table: a program of 10^6 instances
/// names as many ports, and a global each cost most of code generation
/// (naming, uniquing, linking and emitting 10^6 symbols). Until the table
/// is complete, pointers into it are offsets from a placeholder, which
/// finishStrings replaces.
llvm::Constant *MainBuilder::str(const std::string &S) {
  auto [It, New] = Strings.try_emplace(S, StringPool.size());
  if (New) {
    StringPool += S;
    StringPool += '\0';
  }
  if (!StringTable)
    StringTable = new llvm::GlobalVariable(
        M, B.getInt8Ty(), true, llvm::GlobalValue::PrivateLinkage, B.getInt8(0),
        "aspen.strings.pending");
  if (It->second == 0)
    return StringTable;
  return llvm::ConstantExpr::getInBoundsGetElementPtr(
      B.getInt8Ty(), StringTable, B.getInt64(It->second));
}

void MainBuilder::finishStrings() {
  if (NameTable) {
    auto *Ty = llvm::ArrayType::get(B.getPtrTy(), NamePool.size());
    auto *Table = new llvm::GlobalVariable(
        M, Ty, true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantArray::get(Ty, NamePool), "aspen.names");
    NameTable->replaceAllUsesWith(Table);
    NameTable->eraseFromParent();
    NameTable = nullptr;
    NamePool.clear();
  }
  if (!StringTable)
    return;
  llvm::Constant *Data =
      llvm::ConstantDataArray::getString(C, StringPool, /*AddNull=*/false);
  auto *Table = new llvm::GlobalVariable(M, Data->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage,
                                         Data, "aspen.strings");
  Table->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  Table->setAlignment(llvm::Align(1));
  // Pointers are opaque: the table's address replaces the placeholder's in
  // every offset taken from it.
  StringTable->replaceAllUsesWith(Table);
  StringTable->eraseFromParent();
  StringTable = nullptr;
}

/// A constant array of string pointers, or null for none: a slice of one
/// table of them (as strings are, and for the same reason), which
/// finishStrings makes.
llvm::Constant *MainBuilder::strArray(const std::vector<std::string> &Names,
                                      const std::string &Label) {
  (void)Label;
  if (Names.empty())
    return llvm::ConstantPointerNull::get(B.getPtrTy());
  uint64_t At = NamePool.size();
  for (const std::string &N : Names)
    NamePool.push_back(str(N));
  if (!NameTable)
    NameTable = new llvm::GlobalVariable(
        M, B.getPtrTy(), true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantPointerNull::get(B.getPtrTy()), "aspen.names.pending");
  if (At == 0)
    return NameTable;
  return llvm::ConstantExpr::getInBoundsGetElementPtr(B.getPtrTy(), NameTable,
                                                      B.getInt64(At));
}

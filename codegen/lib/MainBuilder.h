//===- MainBuilder.h - main(), the graph told to the runtime ----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// main() is built with llvm::IRBuilder by one MainBuilder, whose work is split
// by job: LowerMain.cpp registers modules, instances, the edge table and, on
// several nodes, the hostfile nodes and the node of every instance;
// LowerCollectives.cpp turns each collective into runtime instances (trees,
// pass-throughs, the per-node parts of planned reduces). Both append to the
// same edge table and placement, since collectives are runtime instances
// numbered after the program's own.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_CODEGEN_LIB_MAINBUILDER_H
#define ASPEN_CODEGEN_LIB_MAINBUILDER_H

#include "aspen/Graph/FlowGraph.h"
#include "aspen/abi/lists.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include <map>
#include <string>
#include <vector>

namespace aspen::codegen {

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
#include "aspen/abi/abi.def"
  }
#define ASPEN_RT_FN(Name, Result, ...) llvm::FunctionCallee Name;
#include "aspen/abi/abi.def"
};

/// Builds main() for a placed (and, on several nodes, planned) program.
/// Instance ids are graph::InstanceId indices: instances are registered in
/// graph order, and the runtime numbers them in registration order.
class MainBuilder {
public:
  MainBuilder(const graph::Program &P, llvm::Module &M)
      : P(P), M(M), C(M.getContext()), B(C), Rt(M) {}

  void build();

private:
  // LowerCollectives.cpp

  /// Something that sends into a collective: a participant's output queue
  /// or a runtime reducer combining some of them.
  struct Producer {
    uint32_t Inst, Port;
    std::string Name;
    uint32_t Node = 0;
  };

  void collective(const graph::Collective &Coll);
  void atHome(const graph::Collective &Coll,
              const std::vector<Producer> &Inputs, unsigned Op,
              llvm::Value *UserOp);
  void planned(const graph::Collective &Coll, const plan::NodeReducePlan &NP,
               const std::vector<Producer> &PerNode, unsigned Op,
               llvm::Value *UserOp);
  std::vector<Producer> tree(const std::string &Prefix,
                             std::vector<Producer> Inputs, unsigned Op,
                             llvm::Value *UserOp, uint32_t Node);
  Producer combine(const std::string &Name, const std::vector<Producer> &Group,
                   unsigned Op, llvm::Value *UserOp, uint32_t Node,
                   const char *Receiver);
  uint32_t addCollective(abi::CollectiveKind Kind, const std::string &Name,
                         unsigned Op, llvm::Value *UserOp,
                         const std::vector<std::string> &Sources,
                         const std::vector<std::string> &Receivers,
                         uint32_t Node);

  // LowerMain.cpp

  void addModules();
  void bySender(const graph::Module &Mod, llvm::Value *Id);
  void addInstances();
  void addNodes();
  void addEdges();
  void edge(uint32_t From, uint32_t FromPort, uint32_t To, uint32_t ToPort) {
    Edges.insert(Edges.end(), {From, FromPort, To, ToPort});
  }
  std::string portName(const graph::PortRef &R) const;
  uint32_t portIndex(const graph::PortRef &R, bool Output) const;
  llvm::Constant *str(const std::string &S);
  void finishStrings();
  llvm::Constant *strArray(const std::vector<std::string> &Names,
                           const std::string &Label);

  const graph::Program &P;
  llvm::Module &M;
  llvm::LLVMContext &C;
  llvm::IRBuilder<> B;
  Abi Rt;
  llvm::StringMap<uint64_t> Strings; // offset in StringPool
  std::string StringPool;
  llvm::GlobalVariable *StringTable = nullptr; // a placeholder until finished
  std::vector<llvm::Constant *> NamePool;      // strArray's, in one table
  llvm::GlobalVariable *NameTable = nullptr;   // a placeholder until finished
  /// The runtime module of each action module, by graph::ModuleId.
  std::vector<llvm::Value *> ModuleIds;
  /// The edge table: (from, fromPort, to, toPort) for each edge, program
  /// edges first, then those of the collectives.
  std::vector<uint32_t> Edges;
  uint32_t NextId = 0;         // runtime id of the next collective registered
  std::vector<uint32_t> Place; // the node of every instance, by runtime id

  // Collectives are registered in tables (aspen_rt_add_collectives), not a
  // call each: with 333,000 of them the calls were most of the compile.
  std::vector<llvm::Constant *> PendingCollectives;
  llvm::StructType *CollectiveRecordTy = nullptr;
  llvm::StructType *collectiveRecordType();
  void flushCollectives();
};

} // namespace aspen::codegen

#endif // ASPEN_CODEGEN_LIB_MAINBUILDER_H

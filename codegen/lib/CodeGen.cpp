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
      B.CreateCall(Rt.aspen_rt_add_instances,
                   {ModuleIds[Inst.Module.Index], str(Inst.Vector),
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
    for (const graph::Collective &Coll : P.Collectives)
      collective(Coll, Table);

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
  };

  /// Registers one runtime collective and returns its instance id.
  uint32_t addCollective(bool IsReduce, const std::string &Name, unsigned Op,
                         llvm::Value *UserOp,
                         const std::vector<std::string> &Sources,
                         const std::vector<std::string> &Receivers) {
    B.CreateCall(Rt.aspen_rt_add_collective,
                 {B.getInt32(IsReduce ? 0 : 1), str(Name), B.getInt32(Op),
                  UserOp, B.getInt32(Sources.size()),
                  strArray(Sources, Name + ".sources"),
                  B.getInt32(Receivers.size()),
                  strArray(Receivers, Name + ".receivers")});
    return NextId++;
  }

  void collective(const graph::Collective &Coll, std::vector<uint32_t> &Table) {
    bool IsReduce = Coll.K == graph::Collective::Reduce;
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
      Inputs.push_back(
          {S.Inst.Index, portIndex(S, /*Output=*/true), portName(S)});
    // Lower tree levels first: each reducer's result is one contribution
    // to the level above, in the same round.
    unsigned Level = 0;
    while (IsReduce && Inputs.size() > TreeThreshold) {
      std::vector<Producer> Next;
      ++Level;
      for (size_t I = 0; I < Inputs.size(); I += TreeFanIn) {
        size_t N = std::min(TreeFanIn, Inputs.size() - I);
        std::string Name = Coll.Name + ".tree" + std::to_string(Level) + "." +
                           std::to_string(Next.size());
        std::vector<std::string> Names;
        for (size_t K = 0; K < N; ++K)
          Names.push_back(Inputs[I + K].Name);
        uint32_t Id =
            addCollective(true, Name, Op, UserOp, Names, {"the next level"});
        for (size_t K = 0; K < N; ++K)
          Edge(Inputs[I + K].Inst, Inputs[I + K].Port, Id, uint32_t(K));
        Next.push_back({Id, 0, Name});
      }
      Inputs = std::move(Next);
    }

    std::vector<std::string> Sources, Receivers;
    for (const Producer &In : Inputs)
      Sources.push_back(In.Name);
    for (const graph::PortRef &R : Coll.Receivers)
      Receivers.push_back(portName(R));
    uint32_t Id =
        addCollective(IsReduce, Coll.Name, Op, UserOp, Sources, Receivers);
    for (size_t K = 0; K < Inputs.size(); ++K)
      Edge(Inputs[K].Inst, Inputs[K].Port, Id, IsReduce ? uint32_t(K) : 0);
    for (size_t K = 0; K < Coll.Receivers.size(); ++K)
      Edge(Id, uint32_t(K), Coll.Receivers[K].Inst.Index,
           portIndex(Coll.Receivers[K], /*Output=*/false));
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
};

} // namespace

std::unique_ptr<llvm::Module>
aspen::codegen::generate(const graph::Program &P,
                         llvm::ArrayRef<const ast::TranslationUnit *> Units,
                         DiagnosticEngine &Diags, llvm::LLVMContext &Ctx,
                         const CodeGenOptions &Opts) {
  // Not lowered yet: say so rather than build a program that would behave
  // differently from its source.
  for (const graph::Instance &I : P.Instances)
    if (I.Node != P.Instances.front().Node) {
      Diags.report(I.Loc, DiagId::ErrCodeGenUnsupported)
          << "a program placed on several nodes ('" + I.Name + "' is on '" +
                 P.Nodes[I.Node].Name + "')";
      return nullptr;
    }

  // The action modules, through Clang. Quoted #includes resolve against the
  // directory of each .asp file, as they would for the file itself.
  ClangOptions COpts;
  COpts.OptLevel = Opts.OptLevel;
  COpts.DebugInfo = Opts.DebugInfo;
  COpts.Verbose = Opts.Verbose;
  COpts.Defines = Opts.Defines;
  for (const ast::TranslationUnit *TU : Units) {
    llvm::StringRef Dir = llvm::sys::path::parent_path(
        Diags.getSourceManager().getName(TU->File));
    COpts.IncludeDirs.push_back(Dir.empty() ? "." : Dir.str());
  }
  COpts.IncludeDirs.insert(COpts.IncludeDirs.end(), Opts.IncludeDirs.begin(),
                           Opts.IncludeDirs.end());
  ClangRunner Clang(Diags, COpts);
  std::string Source = emitModuleSource(P, Units, Diags.getSourceManager());
  std::string Name = (P.RootName + ".modules.cpp");
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
  MainBuilder(P, *Main).build();
  if (llvm::Linker::linkModules(*Mods, std::move(Main)))
    return nullptr;
  Mods->setModuleIdentifier(P.RootName);
  if (llvm::verifyModule(*Mods, &llvm::errs()))
    return nullptr;
  return Mods;
}

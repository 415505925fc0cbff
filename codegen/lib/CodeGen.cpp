//===- CodeGen.cpp - Flow graph to LLVM module ----------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The driver of code generation: the action modules' translation unit
// (with, on several nodes, the payloads' wire formats) compiled by Clang,
// and main() from MainBuilder (LowerMain.cpp, LowerCollectives.cpp), linked
// into one module.
//
//===----------------------------------------------------------------------===//

#include "aspen/CodeGen/CodeGen.h"
#include "MainBuilder.h"
#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/Plan/CollectivePlans.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace aspen;
using namespace aspen::codegen;

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
      Diags.report(PW.Loc,
                   PW.MadeAt ? DiagId::NoteMadeHere : DiagId::NoteDeclaredHere)
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
                          DiagnosticEngine &Diags, const CodeGenOptions &Opts) {
  ClangOptions COpts;
  COpts.OptLevel = Opts.OptLevel;
  COpts.DebugInfo = Opts.DebugInfo;
  COpts.Verbose = Opts.Verbose;
  COpts.UsePch = Opts.UsePch;
  COpts.BracketDepth = Opts.MaxNesting;
  COpts.Defines = Opts.Defines;
  COpts.ExtraArgs = Opts.CxxFlags;
  for (const std::string &San : Opts.Sanitizers)
    COpts.ExtraArgs.push_back("-fsanitize=" + San);
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
    DiagnosticEngine &Diags, const CodeGenOptions &Opts,
    llvm::raw_ostream &OS) {
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
  std::unique_ptr<llvm::Module> Mods;
  {
    PhaseTimer T("modules", "Action and box modules: C++ to LLVM IR (Clang)",
                 Opts.TimeReport);
    if (!programSource(P, Units, Diags, Clang, COpts, Name, Source))
      return nullptr;
    Mods = Clang.compile(Name, Source, Ctx, /*CheckModules=*/true);
  }
  if (!Mods)
    return nullptr;
  PhaseTimer CxxTimer("cxx", "C++ sources on the command line (Clang)",
                      Opts.TimeReport && !Opts.CxxSources.empty());
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
  PhaseTimer MainTimer("graph", "The flow graph: main() and collectives to IR",
                       Opts.TimeReport);
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

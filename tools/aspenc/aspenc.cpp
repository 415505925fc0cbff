//===- aspenc.cpp - The Aspen compiler driver -----------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The driver only wires phases together: each phase is a library with one
// entry header, and each product has a --dump-* flag that stops after it.
//
//===----------------------------------------------------------------------===//

#include "aspen/AST/ASTDumper.h"
#include "aspen/Basic/Diagnostics.h"
#include "aspen/CodeGen/CodeGen.h"
#include "aspen/Graph/GraphDumper.h"
#include "aspen/Parse/Parser.h"
#include "aspen/Parse/Stdlib.h"
#include "aspen/Place/Placement.h"
#include "aspen/Sema/Sema.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace aspen;

#ifndef ASPEN_VERSION
#define ASPEN_VERSION "0.0.0"
#endif

namespace {
llvm::cl::OptionCategory AspenCategory("aspenc options");

llvm::cl::list<std::string> InputFiles(llvm::cl::Positional,
                                       llvm::cl::desc("<file.asp|file.cpp>..."),
                                       llvm::cl::cat(AspenCategory));

enum class Action { Build, Check, DumpAST, DumpGraph, EmitDot, DumpCxx };
llvm::cl::opt<Action> ActionOpt(
    llvm::cl::desc("What to produce:"),
    llvm::cl::values(
        clEnumValN(Action::Check, "fsyntax-only",
                   "Check the program (parse and elaborate) and stop"),
        clEnumValN(Action::DumpAST, "dump-ast",
                   "Print the abstract syntax tree of each input"),
        clEnumValN(Action::DumpGraph, "dump-graph",
                   "Print the elaborated flow graph of the program"),
        clEnumValN(Action::EmitDot, "emit-dot",
                   "Write the elaborated flow graph as Graphviz DOT"),
        clEnumValN(Action::DumpCxx, "dump-cxx",
                   "Print the C++ generated for the action modules")),
    llvm::cl::init(Action::Build), llvm::cl::cat(AspenCategory));

llvm::cl::opt<std::string> StdlibDir(
    "stdlib-dir",
    llvm::cl::desc("Where modules the program requires but does not define "
                   "are looked up, as <dir>/NAME.asp"),
    llvm::cl::value_desc("dir"), llvm::cl::init(ASPEN_STDLIB_DIR),
    llvm::cl::cat(AspenCategory));

llvm::cl::opt<std::string> Output("o",
                                  llvm::cl::desc("Write the output to <file>"),
                                  llvm::cl::value_desc("file"),
                                  llvm::cl::cat(AspenCategory));
llvm::cl::opt<char> OptLevel("O",
                             llvm::cl::desc("Optimization level: -O0, -O1, "
                                            "-O2 (default) or -O3"),
                             llvm::cl::Prefix, llvm::cl::init('2'),
                             llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> CompileOnly("c",
                                llvm::cl::desc("Write an object file "
                                               "(or bitcode with "
                                               "-emit-llvm); do not link"),
                                llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> AssemblyOnly("S",
                                 llvm::cl::desc("Write assembly (or LLVM IR "
                                                "text with -emit-llvm)"),
                                 llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> EmitLLVM("emit-llvm",
                             llvm::cl::desc("Use LLVM IR for -S and -c"),
                             llvm::cl::cat(AspenCategory));
llvm::cl::list<std::string> Defines("D", llvm::cl::Prefix,
                                    llvm::cl::desc("Define a macro for the "
                                                   "modules' C++"),
                                    llvm::cl::value_desc("name[=value]"),
                                    llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> DebugInfo("g", llvm::cl::desc("Emit debug information"),
                              llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> Verbose("v", llvm::cl::desc("Show the commands run"),
                            llvm::cl::cat(AspenCategory));

llvm::cl::opt<unsigned>
    ErrorLimit("error-limit",
               llvm::cl::desc("Stop printing errors after N (0: no limit)"),
               llvm::cl::init(20), llvm::cl::cat(AspenCategory));

llvm::cl::opt<bool> WarningsAsErrors("Werror",
                                     llvm::cl::desc("Treat warnings as errors"),
                                     llvm::cl::cat(AspenCategory));

llvm::cl::opt<bool> NoWarnings("w", llvm::cl::desc("Suppress all warnings"),
                               llvm::cl::cat(AspenCategory));

llvm::cl::opt<std::string>
    RootOpt("root",
            llvm::cl::desc("Root module to compile (default: the one root "
                           "module no other requires)"),
            llvm::cl::value_desc("name"), llvm::cl::cat(AspenCategory));

llvm::cl::list<std::string>
    IncludeDirs("I", llvm::cl::Prefix,
                llvm::cl::desc("Add a directory to the #include search path"),
                llvm::cl::value_desc("dir"), llvm::cl::cat(AspenCategory));

llvm::cl::opt<std::string>
    HostfileOpt("hostfile",
                llvm::cl::desc("Nodes to place the program on: 'NAME slots=N "
                               "[port=P]' or 'NAME:N[:P]' lines"),
                llvm::cl::value_desc("file"), llvm::cl::cat(AspenCategory));

llvm::cl::opt<unsigned> MaxNesting(
    "max-nesting",
    llvm::cl::desc("Deepest bracket nesting accepted in a source file"),
    llvm::cl::init(256), llvm::cl::cat(AspenCategory));
} // namespace

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  llvm::cl::HideUnrelatedOptions(AspenCategory);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "aspenc version " << ASPEN_VERSION << " (LLVM " << LLVM_VERSION_STRING
       << ")\n";
  });
  llvm::cl::ParseCommandLineOptions(
      Argc, Argv,
      "aspenc: compiler for the Aspen flow-graph coordination language\n\n"
      "  aspenc main.asp -o main                  build an executable\n"
      "  aspenc main.asp --hostfile hosts -o main build one for several nodes\n"
      "  aspenc --dump-graph main.asp             print the elaborated graph\n"
      "  aspenc --dump-ast main.asp               print the syntax tree\n\n"
      "Built programs (docs/runtime.md): `./main` runs; placed on several\n"
      "nodes, it starts one process per node (`./main --hostfile FILE` for\n"
      "other machines, node for node). They read:\n"
      "  ASPEN_WORKERS          worker threads (default: one per core)\n"
      "  ASPEN_QUEUE_CAPACITY   elements per queue (default 256)\n"
      "  ASPEN_STACK_SIZE       stack per instance (default 256K)\n"
      "  ASPEN_PIN=0            do not bind workers to cores\n"
      "  ASPEN_SNET_WORKERS     helper fibers per S-Net network (default:\n"
      "                         ASPEN_WORKERS)\n"
      "  ASPEN_SNET_CONCURRENCY invocations of one box at once: N or Box:N,...\n"
      "  ASPEN_STATS=1          messages per edge, queue depths, parked time\n"
      "  ASPEN_DUMP=FILE        the live graph as DOT on deadlock or SIGUSR1\n"
      "  ASPEN_TRACE=FILE       a Chrome/Perfetto trace of the run\n"
      "  ASPEN_NODE             run as this node (also SLURM_PROCID,\n"
      "                         OMPI_COMM_WORLD_RANK, PMI_RANK)\n"
      "  ASPEN_JOB_SECRET       32 hex digits shared by a job's nodes\n"
      "  ASPEN_CONNECT_TIMEOUT  seconds to wait for every node (default 30)\n"
      "  ASPEN_PEER_TIMEOUT     seconds of silence before a node is given up\n"
      "  ASPEN_MAX_FRAME        largest message between nodes (default 256M)\n"
      "  ASPEN_NET_WINDOW, ASPEN_NET_WINDOW_BYTES  per-channel flow control\n"
      "  ASPEN_NET_QUEUE_BYTES  bytes a sender may queue for another node\n"
      "                         beyond the window (default 16M)\n"
      "  ASPEN_REDUCE_SEGMENT_BYTES  arrays from this size all-reduce by\n"
      "                         reduce-scatter + allgather (default 64K)\n"
      "  ASPEN_PORT             port of nodes whose hostfile line has none\n");

  SourceManager SM;
  DiagnosticEngine Diags(SM, llvm::errs());
  Diags.setErrorLimit(ErrorLimit);
  Diags.setWarningsAsErrors(WarningsAsErrors);
  Diags.setSuppressWarnings(NoWarnings);
  if (InputFiles.empty()) {
    Diags.report({}, DiagId::ErrNoInputs);
    return 1;
  }

  // Options are checked before any input is read.
  if (OptLevel < '0' || OptLevel > '3') {
    Diags.report({}, DiagId::ErrOptionConflict)
        << std::string("unknown optimization level -O") + char(OptLevel);
    return 1;
  }
  if (CompileOnly && AssemblyOnly) {
    Diags.report({}, DiagId::ErrOptionConflict)
        << "-c and -S cannot be combined";
    return 1;
  }
  if (HostfileOpt.getNumOccurrences() && HostfileOpt.empty()) {
    Diags.report({}, DiagId::ErrOptionConflict)
        << "--hostfile needs a file name";
    return 1;
  }
  // Deeper nesting than this could exhaust the parser's stack.
  constexpr unsigned MaxNestingLimit = 10000;
  if (MaxNesting < 1 || MaxNesting > MaxNestingLimit) {
    Diags.report({}, DiagId::ErrOptionRange)
        << "--max-nesting" << 1u << MaxNestingLimit;
    return 1;
  }
  // Phase 1: parse every input (.cpp files go straight to code generation).
  ParseOptions Opts;
  Opts.MaxNesting = MaxNesting;
  std::vector<std::unique_ptr<ast::TranslationUnit>> Units;
  std::vector<std::string> CxxSources;
  for (const std::string &Path : InputFiles) {
    llvm::StringRef Ext = llvm::sys::path::extension(Path);
    if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx") {
      CxxSources.push_back(Path);
      continue;
    }
    std::unique_ptr<ast::TranslationUnit> TU = parseFile(Path, SM, Diags, Opts);
    if (TU && ActionOpt == Action::DumpAST)
      ast::dump(*TU, SM, llvm::outs());
    if (TU)
      Units.push_back(std::move(TU));
  }
  if (Diags.hasErrors() || ActionOpt == Action::DumpAST)
    return Diags.hasErrors() ? 1 : 0;

  // Phase 1b: a module a root requires but no file defines comes from the
  // standard library.
  if (!loadRequiredModules(Units, StdlibDir, SM, Diags, Opts))
    return 1;

  // Phase 2: check the program and elaborate its flow graph.
  SemaOptions SemaOpts;
  SemaOpts.RootName = RootOpt;
  SemaOpts.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  std::vector<const ast::TranslationUnit *> UnitPtrs;
  for (const auto &TU : Units)
    UnitPtrs.push_back(TU.get());
  std::unique_ptr<graph::Program> Prog =
      elaborate(UnitPtrs, SM, Diags, SemaOpts);
  if (!Prog || Diags.hasErrors())
    return 1;

  // Phase 2b: where every instance runs.
  std::vector<graph::HostNode> Nodes;
  if (!HostfileOpt.empty()) {
    auto Read = place::readHostfile(HostfileOpt, SM, Diags);
    if (!Read)
      return 1;
    Nodes = std::move(*Read);
  }
  if (!place::placeProgram(*Prog, std::move(Nodes), Diags))
    return 1;
  codegen::planCollectives(*Prog);
  if (ActionOpt == Action::DumpGraph) {
    graph::dump(*Prog, llvm::outs());
    return 0;
  }
  if (ActionOpt == Action::EmitDot) {
    graph::emitDot(*Prog, llvm::outs());
    return 0;
  }
  if (ActionOpt == Action::Check)
    return 0;

  // Phase 3: LLVM module, optimised, then the requested output.
  codegen::CodeGenOptions CG;
  CG.OptLevel = unsigned(OptLevel - '0');
  CG.DebugInfo = DebugInfo;
  CG.Verbose = Verbose;
  CG.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  CG.Defines.assign(Defines.begin(), Defines.end());
  CG.CxxSources = CxxSources;
  CG.MaxNesting = MaxNesting;
  if (ActionOpt == Action::DumpCxx)
    return codegen::dumpSource(*Prog, UnitPtrs, Diags, CG, llvm::outs()) ? 0
                                                                          : 1;
  codegen::OutputKind Kind = codegen::OutputKind::Executable;
  const char *Ext = "";
  if (CompileOnly) {
    Kind =
        EmitLLVM ? codegen::OutputKind::IRBitcode : codegen::OutputKind::Object;
    Ext = EmitLLVM ? ".bc" : ".o";
  } else if (AssemblyOnly) {
    Kind =
        EmitLLVM ? codegen::OutputKind::IRText : codegen::OutputKind::Assembly;
    Ext = EmitLLVM ? ".ll" : ".s";
  }
  std::string Out = Output;
  if (Out.empty())
    Out = Kind == codegen::OutputKind::Executable
              ? "a.out"
              : llvm::sys::path::stem(InputFiles.front()).str() + Ext;

  // Checked before compiling the modules, which takes seconds: an output
  // that cannot be written fails now, in one line, not after the linker's
  // own messages.
  if (Out != "-") {
    llvm::StringRef Dir = llvm::sys::path::parent_path(Out);
    if (llvm::sys::fs::is_directory(Out)) {
      Diags.report({}, DiagId::ErrCannotWrite) << Out << "is a directory";
      return 1;
    }
    if (!Dir.empty() && !llvm::sys::fs::is_directory(Dir)) {
      Diags.report({}, DiagId::ErrCannotWrite)
          << Out << ("no directory '" + Dir + "'").str();
      return 1;
    }
  }

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M =
      codegen::generate(*Prog, UnitPtrs, Diags, Ctx, CG);
  if (!M || Diags.hasErrors())
    return 1;
  codegen::optimize(*M, CG);
  if (!codegen::emit(*M, Kind, Out, Diags, CG))
    return 1;
  return Diags.hasErrors() ? 1 : 0;
}

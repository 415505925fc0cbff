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
#include "aspen/Plan/CollectivePlans.h"
#include "aspen/Sema/Sema.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#include <new>
#include <unistd.h>

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

/// Reads the command line; --help lists the settings built programs read.
static void parseCommandLine(int Argc, char **Argv) {
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
      "  ASPEN_SNET_CONCURRENCY invocations of one box at once: N or "
      "Box:N,...\n"
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
}

/// Options are checked before any input is read. False after reporting
/// the first one that is wrong.
static bool checkOptions(DiagnosticEngine &Diags) {
  if (InputFiles.empty()) {
    Diags.report({}, DiagId::ErrNoInputs);
    return false;
  }
  if (OptLevel < '0' || OptLevel > '3') {
    Diags.report({}, DiagId::ErrOptionConflict)
        << std::string("unknown optimization level -O") + char(OptLevel);
    return false;
  }
  if (CompileOnly && AssemblyOnly) {
    Diags.report({}, DiagId::ErrOptionConflict)
        << "-c and -S cannot be combined";
    return false;
  }
  if (HostfileOpt.getNumOccurrences() && HostfileOpt.empty()) {
    Diags.report({}, DiagId::ErrOptionConflict)
        << "--hostfile needs a file name";
    return false;
  }
  // Deeper nesting than this could exhaust the parser's stack.
  constexpr unsigned MaxNestingLimit = 10000;
  if (MaxNesting < 1 || MaxNesting > MaxNestingLimit) {
    Diags.report({}, DiagId::ErrOptionRange)
        << "--max-nesting" << 1u << MaxNestingLimit;
    return false;
  }
  return true;
}

namespace {
/// What the inputs are: parsed Aspen files, and C++ files that go straight
/// to code generation.
struct Inputs {
  std::vector<std::unique_ptr<ast::TranslationUnit>> Units;
  std::vector<std::string> CxxSources;

  std::vector<const ast::TranslationUnit *> unitPointers() const {
    std::vector<const ast::TranslationUnit *> Out;
    for (const auto &TU : Units)
      Out.push_back(TU.get());
    return Out;
  }
};
} // namespace

/// Phase 1: parses every .asp input (printing its tree for --dump-ast).
/// False after reporting errors.
static bool parseInputs(Inputs &In, SourceManager &SM, DiagnosticEngine &Diags,
                        const ParseOptions &Opts) {
  for (const std::string &Path : InputFiles) {
    llvm::StringRef Ext = llvm::sys::path::extension(Path);
    if (Ext == ".cpp" || Ext == ".cc" || Ext == ".cxx") {
      In.CxxSources.push_back(Path);
      continue;
    }
    std::unique_ptr<ast::TranslationUnit> TU = parseFile(Path, SM, Diags, Opts);
    if (TU && ActionOpt == Action::DumpAST)
      ast::dump(*TU, SM, llvm::outs());
    if (TU)
      In.Units.push_back(std::move(TU));
  }
  return !Diags.hasErrors();
}

/// Phase 2: checks the program and elaborates its flow graph. Null after
/// reporting errors.
static std::unique_ptr<graph::Program>
elaborateProgram(const Inputs &In, const SourceManager &SM,
                 DiagnosticEngine &Diags) {
  SemaOptions Opts;
  Opts.RootName = RootOpt;
  Opts.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  std::unique_ptr<graph::Program> Prog =
      elaborate(In.unitPointers(), SM, Diags, Opts);
  if (Diags.hasErrors())
    return nullptr;
  return Prog;
}

/// Phase 2b: where every instance runs (the hostfile's nodes, or this
/// machine), and how each reduce runs across them. False after reporting
/// errors.
static bool placeOnNodes(graph::Program &Prog, SourceManager &SM,
                         DiagnosticEngine &Diags) {
  std::vector<graph::HostNode> Nodes;
  if (!HostfileOpt.empty()) {
    auto Read = place::readHostfile(HostfileOpt, SM, Diags);
    if (!Read)
      return false;
    Nodes = std::move(*Read);
  }
  if (!place::placeProgram(Prog, std::move(Nodes), Diags))
    return false;
  plan::planCollectives(Prog);
  return true;
}

/// --dump-graph and --emit-dot print the placed graph. True if the action
/// stops there, as -fsyntax-only does too.
static bool printGraph(const graph::Program &Prog) {
  if (ActionOpt == Action::DumpGraph)
    graph::dump(Prog, llvm::outs());
  else if (ActionOpt == Action::EmitDot)
    graph::emitDot(Prog, llvm::outs());
  return ActionOpt == Action::DumpGraph || ActionOpt == Action::EmitDot ||
         ActionOpt == Action::Check;
}

static codegen::CodeGenOptions codeGenOptions(const Inputs &In) {
  codegen::CodeGenOptions CG;
  CG.OptLevel = unsigned(OptLevel - '0');
  CG.DebugInfo = DebugInfo;
  CG.Verbose = Verbose;
  CG.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  CG.Defines.assign(Defines.begin(), Defines.end());
  CG.CxxSources = In.CxxSources;
  CG.MaxNesting = MaxNesting;
  return CG;
}

/// What -c, -S and -emit-llvm ask for, and where it goes: -o, or else
/// a.out for an executable and the first input's stem with the kind's
/// extension for the others.
static std::pair<codegen::OutputKind, std::string> outputKindAndPath() {
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
  return {Kind, Out};
}

/// Checked before compiling the modules, which takes seconds: an output
/// that cannot be written fails now, in one line, not after the linker's
/// own messages.
static bool checkOutputPath(const std::string &Out, DiagnosticEngine &Diags) {
  if (Out == "-")
    return true;
  llvm::StringRef Dir = llvm::sys::path::parent_path(Out);
  if (llvm::sys::fs::is_directory(Out)) {
    Diags.report({}, DiagId::ErrCannotWrite) << Out << "is a directory";
    return false;
  }
  if (!Dir.empty() && !llvm::sys::fs::is_directory(Dir)) {
    Diags.report({}, DiagId::ErrCannotWrite)
        << Out << ("no directory '" + Dir + "'").str();
    return false;
  }
  return true;
}

/// Phase 3: the LLVM module, optimised, then the requested output (or,
/// for --dump-cxx, the C++ of the action modules). The exit status.
static int generateOutput(const graph::Program &Prog, const Inputs &In,
                          DiagnosticEngine &Diags) {
  codegen::CodeGenOptions CG = codeGenOptions(In);
  std::vector<const ast::TranslationUnit *> Units = In.unitPointers();
  if (ActionOpt == Action::DumpCxx)
    return codegen::dumpSource(Prog, Units, Diags, CG, llvm::outs()) ? 0 : 1;
  auto [Kind, Out] = outputKindAndPath();
  if (!checkOutputPath(Out, Diags))
    return 1;
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M =
      codegen::generate(Prog, Units, Diags, Ctx, CG);
  if (!M || Diags.hasErrors())
    return 1;
  codegen::optimize(*M, CG);
  if (!codegen::emit(*M, Kind, Out, Diags, CG))
    return 1;
  return Diags.hasErrors() ? 1 : 0;
}

/// What aspenc was doing, for the out-of-memory message.
static const char *Doing = "starting";

/// Out of memory anywhere (aspenc, Clang, LLVM): one line saying so and
/// exit status 1, not LLVM's crash report. Nothing here allocates.
[[noreturn]] static void outOfMemory() {
  static const char Msg[] = "aspenc: error: out of memory while ";
  (void)!::write(2, Msg, sizeof Msg - 1);
  (void)!::write(2, Doing, std::strlen(Doing));
  (void)!::write(2, "\n", 1);
  ::_exit(1);
}

int main(int Argc, char **Argv) {
  llvm::InitLLVM X(Argc, Argv);
  std::set_new_handler([] { outOfMemory(); });
  llvm::install_bad_alloc_error_handler(
      [](void *, const char *, bool) { outOfMemory(); });
  parseCommandLine(Argc, Argv);
  SourceManager SM;
  DiagnosticEngine Diags(SM, llvm::errs());
  Diags.setErrorLimit(ErrorLimit);
  Diags.setWarningsAsErrors(WarningsAsErrors);
  Diags.setSuppressWarnings(NoWarnings);
  if (!checkOptions(Diags))
    return 1;

  ParseOptions Opts;
  Opts.MaxNesting = MaxNesting;
  Opts.StdlibDir = StdlibDir;
  Inputs In;
  Doing = "reading the program";
  if (!parseInputs(In, SM, Diags, Opts))
    return 1;
  if (ActionOpt == Action::DumpAST)
    return 0;
  // Phase 1b: a module a root requires but no file defines comes from the
  // standard library.
  if (!loadRequiredModules(In.Units, StdlibDir, SM, Diags, Opts))
    return 1;

  Doing = "checking the program";
  std::unique_ptr<graph::Program> Prog = elaborateProgram(In, SM, Diags);
  Doing = "placing the program on its nodes";
  if (!Prog || !placeOnNodes(*Prog, SM, Diags))
    return 1;
  Doing = "printing the graph";
  if (printGraph(*Prog))
    return 0;
  Doing = "compiling the program";
  return generateOutput(*Prog, In, Diags);
}

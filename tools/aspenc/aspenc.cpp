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
#include "aspen/CodeGen/ClangRunner.h"
#include "aspen/CodeGen/CodeGen.h"
#include "aspen/CodeGen/Layout.h"
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
#include <map>
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
                   "are looked up, as <dir>/NAME.asp (default: "
                   "share/aspen/stdlib beside aspenc's bin directory)"),
    llvm::cl::value_desc("dir"), llvm::cl::cat(AspenCategory));

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
                                                   "modules' C++ and, with an "
                                                   "integer value, set the "
                                                   "root's const of that name"),
                                    llvm::cl::value_desc("name[=value]"),
                                    llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> DebugInfo("g", llvm::cl::desc("Emit debug information"),
                              llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool> Verbose("v", llvm::cl::desc("Show the commands run"),
                            llvm::cl::cat(AspenCategory));
llvm::cl::opt<bool>
    NoPch("no-pch",
          llvm::cl::desc("Parse the runtime's headers every time instead of "
                         "using a precompiled header cached in "
                         "ASPEN_CACHE_DIR (default ~/.cache/aspen)"),
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

llvm::cl::opt<bool> PrintLinkLine(
    "print-link-line",
    llvm::cl::desc("Print the command that links objects made with -c into "
                   "a program (with the -l, -L and -Wl, options given), "
                   "and stop"),
    llvm::cl::cat(AspenCategory));

llvm::cl::opt<unsigned> MaxNesting(
    "max-nesting",
    llvm::cl::desc("Deepest bracket nesting accepted in a source file"),
    llvm::cl::init(256), llvm::cl::cat(AspenCategory));
} // namespace

namespace {
/// What the command line gives Clang and the linker, as clang++ takes it:
/// aspenc's own options go on to llvm::cl, these are set aside first.
struct ForwardedArgs {
  std::vector<std::string> CxxFlags;   // for the in-process Clang
  std::vector<std::string> LinkArgs;   // for the linker, in order
  std::vector<std::string> Sanitizers; // -fsanitize=a,b
  bool LinkInputs = false;             // a .o, .a or .so was given
};
ForwardedArgs Forwarded;

/// An error of the command line, in clang's words, and exit status 1.
[[noreturn]] void commandLineError(const llvm::Twine &Msg) {
  llvm::errs() << "aspenc: error: " << Msg << '\n';
  std::exit(1);
}

bool isLinkInput(llvm::StringRef A) {
  if (A.startswith("-"))
    return false;
  llvm::StringRef Name = llvm::sys::path::filename(A);
  return Name.endswith(".o") || Name.endswith(".a") || Name.endswith(".so") ||
         Name.contains(".so.");
}

/// True if llvm::cl knows `A` (an option of aspenc's, or LLVM's own such
/// as --help and --version).
bool isAspencOption(llvm::StringRef A) {
  llvm::StringRef Name = A.drop_while([](char C) { return C == '-'; });
  Name = Name.split('=').first;
  auto &Opts = llvm::cl::getRegisteredOptions();
  if (Opts.count(Name))
    return true;
  // Prefix options: -DNAME, -Idir, -O2.
  for (llvm::StringRef P : {"D", "I", "O"})
    if (A.startswith("-" + P.str()))
      return true;
  return false;
}

/// True if aspenc's option `A` (no `=VALUE` in it) takes the next word as
/// its value.
bool takesSeparateValue(llvm::StringRef A) {
  if (A.contains('='))
    return false;
  if (A == "-D" || A == "-I")
    return true;
  llvm::StringRef Name = A.drop_while([](char C) { return C == '-'; });
  auto &Opts = llvm::cl::getRegisteredOptions();
  auto It = Opts.find(Name);
  return It != Opts.end() &&
         It->second->getValueExpectedFlag() == llvm::cl::ValueRequired &&
         It->second->getFormattingFlag() != llvm::cl::Prefix;
}

/// The words clang++ takes at Argv[K] (an option and its values); an
/// option it does not know is an error, in its words.
unsigned clangWords(int Argc, char **Argv, int K) {
  std::vector<const char *> Args(Argv, Argv + Argc);
  std::string Nearest;
  unsigned Words =
      codegen::ClangRunner::clangOption(Args, unsigned(K), Nearest);
  if (Words == 0 && !Nearest.empty())
    commandLineError(llvm::Twine("unknown argument '") + Argv[K] +
                     "'; did you mean '" + Nearest + "'?");
  if (Words == 0)
    commandLineError(llvm::Twine("unknown argument: '") + Argv[K] + "'");
  return Words;
}

/// Takes out of Argv what goes to Clang or the linker, refuses what
/// neither aspenc nor clang++ would take, and returns the rest for
/// llvm::cl.
std::vector<const char *> sortArguments(int Argc, char **Argv) {
  std::vector<const char *> Rest = {Argv[0]};
  auto &Cxx = Forwarded.CxxFlags;
  auto &Link = Forwarded.LinkArgs;
  for (int K = 1; K < Argc; ++K) {
    llvm::StringRef A = Argv[K];
    auto NextValue = [&]() -> llvm::StringRef {
      if (K + 1 == Argc)
        commandLineError("argument to '" + A +
                         "' is missing (expected 1 "
                         "value)");
      return Argv[++K];
    };
    if (isLinkInput(A)) {
      Link.push_back(A.str());
      Forwarded.LinkInputs = true;
      continue;
    }
    if (!A.startswith("-") || A == "-" || A == "--") {
      Rest.push_back(Argv[K]);
      continue;
    }
    if (A.startswith("--")) {
      if (!isAspencOption(A))
        commandLineError("unknown argument: '" + A + "'");
      Rest.push_back(Argv[K]);
      if (takesSeparateValue(A) && K + 1 < Argc)
        Rest.push_back(Argv[++K]);
      continue;
    }
    // Linker options.
    if (A == "-l" || A == "-L" || A == "-Xlinker") {
      std::string Flag = A.str();
      llvm::StringRef V = NextValue();
      if (Flag == "-Xlinker") {
        Link.push_back(Flag);
        Link.push_back(V.str());
      } else {
        Link.push_back(Flag + V.str());
      }
      continue;
    }
    if (A.startswith("-l") || A.startswith("-L") || A.startswith("-Wl,") ||
        A.startswith("-fuse-ld=") || A == "-static" || A == "-rdynamic" ||
        A == "-static-libstdc++" || A == "-static-libgcc" ||
        A == "-nodefaultlibs" || A == "-no-pie" || A == "-pie") {
      Link.push_back(A.str());
      continue;
    }
    if (A == "-pthread") {
      Cxx.push_back(A.str());
      Link.push_back(A.str());
      continue;
    }
    // Optimization levels clang++ has and aspenc's -O0..-O3 do not.
    if (A == "-Ofast" || A == "-Os" || A == "-Oz" || A == "-Og" || A == "-O") {
      Rest.push_back(A == "-Ofast"              ? "-O3"
                     : A == "-Os" || A == "-Oz" ? "-O2"
                                                : "-O1");
      Cxx.push_back(A.str());
      continue;
    }
    // Debug information: -g0..-g3, -ggdb... are -g.
    if (A.startswith("-g") && A != "-g") {
      if (A == "-g0")
        continue;
      Rest.push_back("-g");
      Cxx.push_back(A.str());
      continue;
    }
    // Options with a separate value, for Clang.
    if (A == "-isystem" || A == "-idirafter" || A == "-iquote" ||
        A == "-include" || A == "-U" || A == "-Xclang") {
      Cxx.push_back(A.str());
      Cxx.push_back(NextValue().str());
      continue;
    }
    if (A.startswith("-isystem") || A.startswith("-idirafter") ||
        A.startswith("-iquote") || A.startswith("-U") ||
        (A.startswith("-m") && !isAspencOption(A)) || A.startswith("-std=") ||
        A.startswith("-stdlib=")) {
      clangWords(Argc, Argv, K);
      Cxx.push_back(A.str());
      continue;
    }
    // Warnings: -Werror and -w are aspenc's own (they cover aspenc's
    // warnings and Clang's); the others go to Clang.
    if (A.startswith("-W") && A != "-Werror") {
      Cxx.push_back(A.str());
      continue;
    }
    if (A.startswith("-f") && A != "-fsyntax-only") {
      if (A == "-fno-exceptions")
        commandLineError(
            "'-fno-exceptions' cannot be used: the runtime needs C++ "
            "exceptions (a module's exception ends the program with its "
            "message, and getPayload<T> throws aspen::PayloadTypeError)");
      if (A == "-fno-rtti")
        commandLineError("'-fno-rtti' cannot be used: the runtime needs "
                         "RTTI (getPayload<T> checks a payload's type with "
                         "dynamic_cast)");
      if (A.consume_front("-fsanitize=")) {
        llvm::SmallVector<llvm::StringRef, 4> Names;
        A.split(Names, ',', -1, false);
        for (llvm::StringRef N : Names)
          Forwarded.Sanitizers.push_back(N.str());
        continue;
      }
      clangWords(Argc, Argv, K);
      if (A.startswith("-fno-sanitize") || A.startswith("-fsanitize-"))
        Link.push_back(A.str());
      Cxx.push_back(A.str());
      continue;
    }
    // -ofile, as clang++ takes it.
    if (A.startswith("-o") && A.size() > 2 && !isAspencOption(A)) {
      Rest.push_back("-o");
      Rest.push_back(Argv[K] + 2);
      continue;
    }
    if (isAspencOption(A)) {
      Rest.push_back(Argv[K]);
      // Its value, when separate (-o FILE, --hostfile FILE, -I DIR), is
      // not an input, whatever its name ends with.
      if (takesSeparateValue(A) && K + 1 < Argc)
        Rest.push_back(Argv[++K]);
      continue;
    }
    // Any other option clang++ takes goes to Clang, with its values.
    unsigned Words = clangWords(Argc, Argv, K);
    for (unsigned W = 0; W < Words; ++W)
      Cxx.push_back(Argv[K + W]);
    K += Words - 1;
  }
  return Rest;
}
} // namespace

/// Reads the command line; --help lists the settings built programs read.
static void parseCommandLine(int Argc, char **Argv) {
  llvm::cl::HideUnrelatedOptions(AspenCategory);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &OS) {
    OS << "aspenc version " << ASPEN_VERSION << " (LLVM " << LLVM_VERSION_STRING
       << ")\n";
  });
  std::vector<const char *> Rest = sortArguments(Argc, Argv);
  llvm::cl::ParseCommandLineOptions(
      int(Rest.size()), Rest.data(),
      "aspenc: compiler for the Aspen flow-graph coordination language\n\n"
      "  aspenc main.asp -o main                  build an executable\n"
      "  aspenc main.asp --hostfile hosts -o main build one for several nodes\n"
      "  aspenc --dump-graph main.asp             print the elaborated graph\n"
      "  aspenc --dump-ast main.asp               print the syntax tree\n\n"
      "Options clang++ takes go to Clang (-std=, -W..., -f..., -march=,\n"
      "-isystem, -Ofast, -pthread) or to the linker (-l, -L, -Wl,..., .o,\n"
      ".a and .so files); -DNAME=INT also sets the root's const NAME.\n\n"
      "Built programs (docs/runtime.md): `./main` runs; placed on several\n"
      "nodes, it starts one process per node (`./main --hostfile FILE` for\n"
      "other machines, node for node); their other arguments, and all\n"
      "after --, are the modules' (aspen::programArgs()). They read:\n"
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
  if (InputFiles.empty() && !Forwarded.LinkInputs && !PrintLinkLine) {
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

/// -ftime-report, which Clang gets too: aspenc's phases get a table of
/// their own ("aspenc phases").
static bool timeReport() {
  return llvm::is_contained(Forwarded.CxxFlags, "-ftime-report");
}

/// Phase 1: parses every .asp input (printing its tree for --dump-ast).
/// False after reporting errors.
static bool parseInputs(Inputs &In, SourceManager &SM, DiagnosticEngine &Diags,
                        const ParseOptions &Opts) {
  codegen::PhaseTimer T("parse", "Parse (ANTLR) and build the AST",
                        timeReport());
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

static std::map<std::string, int64_t> constOverrides();

/// Phase 2: checks the program and elaborates its flow graph. Null after
/// reporting errors.
static std::unique_ptr<graph::Program>
elaborateProgram(const Inputs &In, const SourceManager &SM,
                 DiagnosticEngine &Diags) {
  codegen::PhaseTimer T("sema", "Check and elaborate the flow graph",
                        timeReport());
  SemaOptions Opts;
  Opts.RootName = RootOpt;
  Opts.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  Opts.ConstOverrides = constOverrides();
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
  codegen::PhaseTimer T("place", "Place on nodes and plan the collectives",
                        timeReport());
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
  CG.TimeReport = timeReport();
  CG.UsePch = !NoPch;
  CG.IncludeDirs.assign(IncludeDirs.begin(), IncludeDirs.end());
  CG.Defines.assign(Defines.begin(), Defines.end());
  CG.CxxSources = In.CxxSources;
  CG.MaxNesting = MaxNesting;
  CG.CxxFlags = Forwarded.CxxFlags;
  CG.LinkArgs = Forwarded.LinkArgs;
  CG.Sanitizers = Forwarded.Sanitizers;
  return CG;
}

/// -DNAME=VALUE with an integer VALUE (-DNAME: 1, as for the macro) sets
/// the main root's `const int NAME`, overriding the value the program
/// gives it.
static std::map<std::string, int64_t> constOverrides() {
  std::map<std::string, int64_t> Out;
  for (llvm::StringRef D : Defines) {
    auto [Name, Value] = D.split('=');
    int64_t V = 1;
    if (D.contains('=') && Value.trim().getAsInteger(0, V))
      continue; // not an integer: a macro only
    Out[Name.str()] = V;
  }
  return Out;
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
  if (Kind == codegen::OutputKind::Executable &&
      !codegen::checkSanitizers(Diags, CG))
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
  // Nothing to compile: print the link command, or link objects made
  // with -c (aspenc main.o -lfoo -o main).
  if (PrintLinkLine || (InputFiles.empty() && ActionOpt == Action::Build &&
                        !CompileOnly && !AssemblyOnly)) {
    Inputs None;
    codegen::CodeGenOptions CG = codeGenOptions(None);
    if (!codegen::checkSanitizers(Diags, CG))
      return 1;
    std::string Out = Output.empty() ? std::string("a.out") : Output;
    if (PrintLinkLine) {
      std::vector<std::string> Cmd =
          codegen::linkCommand({}, Output.empty() ? "" : Out, CG);
      for (size_t K = 0; K < Cmd.size(); ++K)
        llvm::outs() << (K ? " " : "") << Cmd[K];
      llvm::outs() << '\n';
      return 0;
    }
    if (!checkOutputPath(Out, Diags))
      return 1;
    Doing = "linking the program";
    return codegen::link({}, Out, Diags, CG) ? 0 : 1;
  }

  ParseOptions Opts;
  Opts.MaxNesting = MaxNesting;
  if (StdlibDir.empty())
    StdlibDir = codegen::stdlibDir();
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

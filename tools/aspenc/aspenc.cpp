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
#include "aspen/Graph/GraphDumper.h"
#include "aspen/Parse/Parser.h"
#include "aspen/Sema/Sema.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace aspen;

#ifndef ASPEN_VERSION
#define ASPEN_VERSION "0.0.0"
#endif

namespace {
llvm::cl::OptionCategory AspenCategory("aspenc options");

llvm::cl::list<std::string> InputFiles(llvm::cl::Positional,
                                       llvm::cl::desc("<file.asp>..."),
                                       llvm::cl::cat(AspenCategory));

enum class Action { Check, DumpAST, DumpGraph, EmitDot };
llvm::cl::opt<Action> ActionOpt(
    llvm::cl::desc("What to produce:"),
    llvm::cl::values(
        clEnumValN(Action::Check, "syntax-only",
                   "Check the input and stop (the default for now)"),
        clEnumValN(Action::DumpAST, "dump-ast",
                   "Print the abstract syntax tree of each input"),
        clEnumValN(Action::DumpGraph, "dump-graph",
                   "Print the elaborated flow graph of the program"),
        clEnumValN(Action::EmitDot, "emit-dot",
                   "Write the elaborated flow graph as Graphviz DOT")),
    llvm::cl::init(Action::Check), llvm::cl::cat(AspenCategory));

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
      "  aspenc --dump-ast main.asp     print the syntax tree\n");

  SourceManager SM;
  DiagnosticEngine Diags(SM, llvm::errs());
  Diags.setErrorLimit(ErrorLimit);
  Diags.setWarningsAsErrors(WarningsAsErrors);
  Diags.setSuppressWarnings(NoWarnings);
  if (InputFiles.empty()) {
    Diags.report({}, DiagId::ErrNoInputs);
    return 1;
  }

  // Phase 1: parse every input.
  // Deeper nesting than this could exhaust the parser's stack.
  constexpr unsigned MaxNestingLimit = 10000;
  if (MaxNesting < 1 || MaxNesting > MaxNestingLimit) {
    Diags.report({}, DiagId::ErrOptionRange)
        << "--max-nesting" << 1u << MaxNestingLimit;
    return 1;
  }
  ParseOptions Opts;
  Opts.MaxNesting = MaxNesting;
  std::vector<std::unique_ptr<ast::TranslationUnit>> Units;
  for (const std::string &Path : InputFiles) {
    std::unique_ptr<ast::TranslationUnit> TU = parseFile(Path, SM, Diags, Opts);
    if (TU && ActionOpt == Action::DumpAST)
      ast::dump(*TU, SM, llvm::outs());
    if (TU)
      Units.push_back(std::move(TU));
  }
  if (Diags.hasErrors() || ActionOpt == Action::DumpAST)
    return Diags.hasErrors() ? 1 : 0;

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
  if (ActionOpt == Action::DumpGraph)
    graph::dump(*Prog, llvm::outs());
  else if (ActionOpt == Action::EmitDot)
    graph::emitDot(*Prog, llvm::outs());
  return 0;
}

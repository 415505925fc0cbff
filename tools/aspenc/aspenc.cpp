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
#include "aspen/Parse/Parser.h"
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

enum class Action { Check, DumpAST };
llvm::cl::opt<Action> ActionOpt(
    llvm::cl::desc("What to produce:"),
    llvm::cl::values(
        clEnumValN(Action::Check, "syntax-only",
                   "Check the input and stop (the default for now)"),
        clEnumValN(Action::DumpAST, "dump-ast",
                   "Print the abstract syntax tree of each input")),
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

  ParseOptions Opts;
  Opts.MaxNesting = MaxNesting;
  for (const std::string &Path : InputFiles) {
    std::unique_ptr<ast::TranslationUnit> TU = parseFile(Path, SM, Diags, Opts);
    if (TU && ActionOpt == Action::DumpAST)
      ast::dump(*TU, SM, llvm::outs());
  }
  return Diags.hasErrors() ? 1 : 0;
}

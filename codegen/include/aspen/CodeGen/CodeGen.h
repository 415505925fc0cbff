//===- CodeGen.h - Flow graph to LLVM module to executable ------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The third phase. generate() turns the elaborated program into one
// llvm::Module: the action modules as C++ classes compiled by Clang
// in-process, and main(), built with llvm::IRBuilder, describing the graph to
// the runtime through the ABI in rt/include/aspen/abi/abi.def. optimize()
// runs the new pass manager; emit() writes an object, assembly, IR or a
// linked executable.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_CODEGEN_CODEGEN_H
#define ASPEN_CODEGEN_CODEGEN_H

#include "aspen/AST/AST.h"
#include "aspen/Basic/Diagnostics.h"
#include "aspen/Graph/FlowGraph.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>
#include <vector>

namespace aspen::codegen {

struct CodeGenOptions {
  unsigned OptLevel = 2; // -O0 ... -O3
  bool DebugInfo = false;
  bool Verbose = false;
  /// -ftime-report: time each phase (PhaseTimer), printed at exit with
  /// Clang's and LLVM's own reports.
  bool TimeReport = false;
  /// The generated code starts from a cached precompiled header of the
  /// runtime's headers (ClangOptions::UsePch).
  bool UsePch = true;
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> Defines;
  std::vector<std::string> CxxSources; // extra .cpp files to compile and link
  unsigned MaxNesting = 256; // --max-nesting: Clang's bracket depth too
  /// Flags for the in-process Clang, as clang++ takes them (-std=, -W...,
  /// -f..., -march=, -isystem DIR, -U...): after aspenc's defaults.
  std::vector<std::string> CxxFlags;
  /// Linker inputs and flags in command-line order (-l, -L, -Wl,...,
  /// -pthread, .o, .a and .so files): after the program's object, before
  /// the runtime's libraries.
  std::vector<std::string> LinkArgs;
  /// Sanitizers of -fsanitize= (address, undefined, thread), checked by
  /// checkSanitizers.
  std::vector<std::string> Sanitizers;
};

enum class OutputKind { Executable, Object, Assembly, IRText, IRBitcode };

/// The C++ translation unit holding every action module of `P` as a class,
/// with `#line` directives mapping it back to the `.asp` sources.
std::string emitModuleSource(const graph::Program &P,
                             llvm::ArrayRef<const ast::TranslationUnit *> Units,
                             const SourceManager &SM);

/// What --dump-cxx prints: emitModuleSource's translation unit and, for a
/// program on several nodes, the payload classes' wire formats aspenc
/// writes from their fields (which takes a Clang parse). False after
/// reporting errors.
bool dumpSource(const graph::Program &P,
                llvm::ArrayRef<const ast::TranslationUnit *> Units,
                DiagnosticEngine &Diags, const CodeGenOptions &Opts,
                llvm::raw_ostream &OS);

/// Returns null after reporting errors. Reduces across nodes follow the
/// plans stored in `P` (plan::planCollectives); a program placed on several
/// nodes but not planned is planned first, by that same function.
std::unique_ptr<llvm::Module>
generate(const graph::Program &P,
         llvm::ArrayRef<const ast::TranslationUnit *> Units,
         DiagnosticEngine &Diags, llvm::LLVMContext &Ctx,
         const CodeGenOptions &Opts);

void optimize(llvm::Module &M, const CodeGenOptions &Opts);

/// The C symbol of the adapter emitted for user reduce operation `Op`.
std::string userOpSymbol(llvm::StringRef Op);

/// The clang++ command that links `Objects` into the executable `Output`
/// with libaspenrt and what it needs (what -print-link-line prints).
std::vector<std::string> linkCommand(llvm::ArrayRef<std::string> Objects,
                                     llvm::StringRef Output,
                                     const CodeGenOptions &Opts);

/// Links `Objects` (and Opts.LinkArgs) into the executable `Output`. The
/// linker's messages come prefixed with "aspenc: ". False after reporting
/// errors.
bool link(llvm::ArrayRef<std::string> Objects, llvm::StringRef Output,
          DiagnosticEngine &Diags, const CodeGenOptions &Opts);

/// True if the runtime built for Opts.Sanitizers is there (or none is
/// asked for); otherwise reports what to build and returns false.
bool checkSanitizers(DiagnosticEngine &Diags, const CodeGenOptions &Opts);

/// Writes `M` to `Path` as `Kind`; an executable is linked with libaspenrt.
bool emit(llvm::Module &M, OutputKind Kind, llvm::StringRef Path,
          DiagnosticEngine &Diags, const CodeGenOptions &Opts);

/// One phase of aspenc in the -ftime-report table ("aspenc phases"), timed
/// while in scope when Enabled.
class PhaseTimer {
public:
  PhaseTimer(llvm::StringRef Name, llvm::StringRef Description, bool Enabled)
      : T(Name, Description, "aspenc", "aspenc phases", Enabled) {}

private:
  llvm::NamedRegionTimer T;
};

} // namespace aspen::codegen

#endif // ASPEN_CODEGEN_CODEGEN_H

//===- ClangRunner.h - The one place that drives Clang ----------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Compiles a C++ translation unit held in memory to an llvm::Module,
// in-process, with the same driver Clang's own `clang++` uses (so the
// resource directory and the system include paths are right), and runs the
// AST checks aspenc makes on action modules during the same parse.
//
// Clang's diagnostics go through the aspen DiagnosticEngine: generated code
// carries `#line` directives, so they point into the user's `.asp` files.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_CODEGEN_CLANGRUNNER_H
#define ASPEN_CODEGEN_CLANGRUNNER_H

#include "aspen/Basic/Diagnostics.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include <memory>
#include <string>
#include <vector>

namespace aspen::codegen {

struct ClangOptions {
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> Defines; // NAME or NAME=VALUE
  unsigned OptLevel = 2;            // -O level for the C++ front end
  bool DebugInfo = false;
  bool Verbose = false;
  unsigned BracketDepth = 256; // -fbracket-depth
  /// Flags from aspenc's command line for Clang (-std=, -W..., -f...,
  /// -march=, -isystem ...), after aspenc's own defaults, so they win.
  std::vector<std::string> ExtraArgs;
  /// Start the generated code from a precompiled header of the runtime's
  /// headers, made once per set of arguments in the user's cache
  /// (aspenc --no-pch: never).
  bool UsePch = true;
};

/// A class whose name starts with this prefix is a generated action module:
/// the AST checks look inside those only.
inline constexpr const char *ModuleClassPrefix = "AspenModule_";
/// The class generated for box module NAME is BoxClassPrefix + NAME.
inline constexpr const char *BoxClassPrefix = "AspenBox_";

/// A payload class of the program, and whether it can cross nodes.
struct PayloadWire {
  std::string Name; // qualified C++ name
  SourceLoc Loc;    // its definition, or for a type
                    // the runtime declares, where it is
                    // first made (MadeAt)
  bool MadeAt = false;
  std::string Why;                    // empty: it has a wire format
  std::vector<std::string> CreatedBy; // modules whose code creates it
};

struct WireResult {
  std::vector<PayloadWire> Payloads;
  std::string Code; // C++ registering the wire formats, to append
};

class ClangRunner {
public:
  ClangRunner(DiagnosticEngine &Diags, ClangOptions Opts)
      : Diags(Diags), Opts(std::move(Opts)) {}

  /// Compiles `Code` (named `FileName` in diagnostics that have no #line)
  /// into a module in `Ctx`. With `CheckModules`, also reports static or
  /// global mutable state declared in action module classes. Returns null
  /// after reporting errors.
  std::unique_ptr<llvm::Module> compile(llvm::StringRef FileName,
                                        llvm::StringRef Code,
                                        llvm::LLVMContext &Ctx,
                                        bool CheckModules);

  /// Parses `Code` only, and finds its payload classes with the C++ that
  /// gives each a wire format (for programs placed on several nodes).
  bool findPayloads(llvm::StringRef FileName, llvm::StringRef Code,
                    WireResult &Out);

  /// Path of the clang++ driver used for compiling and linking.
  static std::string clangDriver();

  /// How clang++ takes the command-line word Args[Index]: the number of
  /// words the option spans (with its values), or 0 if clang++ does not
  /// know it (Nearest: a known spelling close to it, or empty).
  static unsigned clangOption(llvm::ArrayRef<const char *> Args, unsigned Index,
                              std::string &Nearest);

private:
  struct Setup;
  DiagnosticEngine &Diags;
  ClangOptions Opts;
};

} // namespace aspen::codegen

#endif // ASPEN_CODEGEN_CLANGRUNNER_H

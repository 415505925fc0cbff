//===- Sema.h - Checks and elaborates a program into a flow graph -*- C++
//-*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The second phase: resolves every name in the parsed files, checks the
// program, and expands the main root module (vectors, slices, sub-roots,
// collectives, S-Net networks) into one graph::Program.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_SEMA_SEMA_H
#define ASPEN_SEMA_SEMA_H

#include "aspen/AST/AST.h"
#include "aspen/Basic/Diagnostics.h"
#include "aspen/Graph/FlowGraph.h"
#include "llvm/ADT/ArrayRef.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace aspen {

struct SemaOptions {
  /// The root module to elaborate; empty: the one root no other requires.
  std::string RootName;
  /// Directories searched for `#include "..."` files when looking for user
  /// reduce operations (the including file's directory comes first).
  std::vector<std::string> IncludeDirs;
  /// Upper bound on module instances after expansion.
  /// A million instances take about 0.9 GB to compile and as much to run.
  uint64_t MaxInstances = 4'000'000;
  /// Upper bound on edges after expansion: `p ||| q` between two vectors of
  /// different lengths connects every pair, which grows quadratically.
  uint64_t MaxEdges = 10'000'000;
  /// Values for `const int` declarations of the main root module, by name
  /// (aspenc -DNAME=VALUE): they replace the value the program gives.
  std::map<std::string, int64_t> ConstOverrides;
};

/// Checks `Units` as one program and elaborates its main root module.
/// Returns null after reporting at least one error.
std::unique_ptr<graph::Program>
elaborate(llvm::ArrayRef<const ast::TranslationUnit *> Units,
          const SourceManager &SM, DiagnosticEngine &Diags,
          const SemaOptions &Opts = {});

} // namespace aspen

#endif // ASPEN_SEMA_SEMA_H

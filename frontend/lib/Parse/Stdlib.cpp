//===- Stdlib.cpp - Modules a program requires from the stdlib ------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Works in rounds: the units added by one round are searched for more
// `requires` by the next, so a standard library module may use another.
// Each name is looked up once, and a program's own module of a standard
// library name is used instead of the library's.
//
//===----------------------------------------------------------------------===//

#include "aspen/Parse/Stdlib.h"
#include "aspen/Graph/FlowGraph.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>
#include <string>

using namespace aspen;
using llvm::dyn_cast;

/// Adds the modules `TU` defines to `Defined`, and the modules its root
/// modules require to `Wanted`, in order.
static void collectNames(const ast::TranslationUnit &TU,
                         std::set<std::string> &Defined,
                         std::vector<std::string> &Wanted) {
  for (const auto &D : TU.Decls) {
    if (auto *A = dyn_cast<ast::ActionModuleDecl>(D.get()))
      Defined.insert(A->Ident.Text);
    else if (auto *B = dyn_cast<ast::BoxModuleDecl>(D.get()))
      Defined.insert(B->Ident.Text);
    else if (auto *N = dyn_cast<ast::NetDecl>(D.get()))
      Defined.insert(N->Ident.Text);
    else if (auto *R = dyn_cast<ast::RootModuleDecl>(D.get())) {
      Defined.insert(R->Ident.Text);
      for (const ast::Name &Req : R->Requires)
        Wanted.push_back(Req.Text);
    }
  }
}

bool aspen::loadRequiredModules(
    std::vector<std::unique_ptr<ast::TranslationUnit>> &Units,
    llvm::StringRef StdlibDir, SourceManager &SM, DiagnosticEngine &Diags,
    const ParseOptions &Opts) {
  unsigned Before = Diags.getNumErrors();
  ParseOptions LibOpts = Opts; // its files may have node_local sections
  LibOpts.StdlibDir = StdlibDir.str();
  std::set<std::string> Defined, Tried;
  for (size_t Next = 0; Next < Units.size();) {
    std::vector<std::string> Wanted;
    for (; Next < Units.size(); ++Next)
      collectNames(*Units[Next], Defined, Wanted);
    for (const std::string &Name : Wanted) {
      if (Defined.count(Name) || graph::builtinCollective(Name) ||
          !Tried.insert(Name).second)
        continue;
      llvm::SmallString<256> Path(StdlibDir);
      llvm::sys::path::append(Path, Name + ".asp");
      if (!llvm::sys::fs::exists(Path))
        continue; // Sema reports the unknown module
      if (auto TU = parseFile(Path, SM, Diags, LibOpts))
        Units.push_back(std::move(TU));
    }
  }
  return Diags.getNumErrors() == Before;
}

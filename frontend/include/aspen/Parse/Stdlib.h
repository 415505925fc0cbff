//===- Stdlib.h - Modules a program requires from the stdlib ----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The step between parsing the inputs and checking them: a module that a
// root module requires and no file defines comes from the standard library,
// one file per module (`DIR/NAME.asp`), which may require more in turn.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_PARSE_STDLIB_H
#define ASPEN_PARSE_STDLIB_H

#include "aspen/AST/AST.h"
#include "aspen/Basic/Diagnostics.h"
#include "aspen/Parse/Parser.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <vector>

namespace aspen {

/// Appends to `Units` the parsed `StdlibDir/NAME.asp` of every module NAME
/// that a root module of `Units` requires and none defines, until no such
/// module is left. The built-in collectives are never looked up, and a
/// name with no file is left for Sema to report. Returns false after
/// reporting errors in a file it parsed.
bool loadRequiredModules(
    std::vector<std::unique_ptr<ast::TranslationUnit>> &Units,
    llvm::StringRef StdlibDir, SourceManager &SM, DiagnosticEngine &Diags,
    const ParseOptions &Opts = {});

} // namespace aspen

#endif // ASPEN_PARSE_STDLIB_H

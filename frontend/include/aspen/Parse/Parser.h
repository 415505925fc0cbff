//===- Parser.h - Source text to AST ----------------------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The frontend's entry point. ANTLR, its parse tree and its error messages
// stay behind this header: callers get an aspen::ast::TranslationUnit or
// located diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_PARSE_PARSER_H
#define ASPEN_PARSE_PARSER_H

#include "aspen/AST/AST.h"
#include "aspen/Basic/Diagnostics.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>

namespace aspen {

struct ParseOptions {
  /// Deepest nesting of (), [], {} and [| |] accepted. Deeper input is
  /// rejected with a diagnostic before parsing, so the recursive-descent
  /// parser can never run out of stack.
  unsigned MaxNesting = 256;
  /// Largest source file accepted, in MiB.
  unsigned MaxFileMiB = 64;
  /// The standard library's directory. Module declarations in its files
  /// may also have a `node_local` section (stdlib/README.md); in other
  /// files that is an unknown section.
  std::string StdlibDir;
};

/// Reads `Path` (or standard input for "-"), adds it to `SM` and parses it.
/// Returns null after reporting at least one error to `Diags`.
std::unique_ptr<ast::TranslationUnit> parseFile(llvm::StringRef Path,
                                                SourceManager &SM,
                                                DiagnosticEngine &Diags,
                                                const ParseOptions &Opts = {});

/// Parses a file already registered with `SM`.
std::unique_ptr<ast::TranslationUnit>
parseBuffer(FileId File, SourceManager &SM, DiagnosticEngine &Diags,
            const ParseOptions &Opts = {});

} // namespace aspen

#endif // ASPEN_PARSE_PARSER_H

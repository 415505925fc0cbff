//===- SyntaxErrors.h - ANTLR errors rewritten as diagnostics ---*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Private to frontend/lib/Parse. ANTLR's own messages ("mismatched input 'x'
// expecting {...}") name grammar tokens; these helpers say instead what the
// user should have written and where ("expected ';' after flow statement").
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_LIB_PARSE_SYNTAXERRORS_H
#define ASPEN_LIB_PARSE_SYNTAXERRORS_H

#include "antlr4-runtime.h"
#include "aspen/Basic/Diagnostics.h"

namespace aspen::parse {

/// Location of the first character of `T`.
SourceLoc tokenLoc(FileId File, const antlr4::Token *T);

/// Location just past the last character of `T` (where a missing ';' goes).
SourceLoc tokenEndLoc(FileId File, const antlr4::Token *T);

/// Location of the last character of `Text` when it starts at `Begin`.
SourceLoc lastCharLoc(SourceLoc Begin, const std::string &Text);

/// Location of the last character of `T`.
SourceLoc tokenLastLoc(FileId File, const antlr4::Token *T);

/// Reports the first syntax error as an aspen diagnostic, then cancels the
/// parse: recovery would only add guesses to a message that is already
/// precise.
class SyntaxErrorReporter : public antlr4::DefaultErrorStrategy {
public:
  SyntaxErrorReporter(FileId File, DiagnosticEngine &Diags)
      : File(File), Diags(Diags) {}

  void reportError(antlr4::Parser *P,
                   const antlr4::RecognitionException &E) override;
  void recover(antlr4::Parser *P, std::exception_ptr E) override;
  antlr4::Token *recoverInline(antlr4::Parser *P) override;

protected:
  void reportUnwantedToken(antlr4::Parser *P) override;
  void reportMissingToken(antlr4::Parser *P) override;

private:
  [[noreturn]] void fail(antlr4::Parser *P, antlr4::Token *Offending,
                         const antlr4::misc::IntervalSet &Expected);

  FileId File;
  DiagnosticEngine &Diags;
};

} // namespace aspen::parse

#endif // ASPEN_LIB_PARSE_SYNTAXERRORS_H

//===- Parser.cpp - Source text to AST ------------------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Parsing runs in four steps, each of which can stop with diagnostics:
//  1. the bytes are checked (no NUL, valid UTF-8) so ANTLR never sees them;
//  2. the lexer, which cannot fail, produces all tokens;
//  3. a token pre-scan reports error tokens, unbalanced brackets and nesting
//     beyond ParseOptions::MaxNesting, so the parser only sees input it can
//     handle without deep recursion;
//  4. the ANTLR parser runs in SLL mode, falling back to full LL only when SLL
//     fails, and reports the first syntax error in readable words.
//
//===----------------------------------------------------------------------===//

#include "aspen/Parse/Parser.h"
#include "ASTBuilder.h"
#include "AspenLexer.h"
#include "AspenParser.h"
#include "SyntaxErrors.h"
#include "antlr4-runtime.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdio>

using namespace aspen;
using namespace aspen::parse;

static bool checkBytes(FileId File, const SourceManager &SM,
                       DiagnosticEngine &Diags) {
  llvm::StringRef Text = SM.getText(File);
  uint32_t Line = 1, Col = 1;
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C == 0) {
      Diags.report({File, Line, Col}, DiagId::ErrBinaryFile)
          << SM.getName(File);
      return false;
    }
    unsigned Len = C < 0x80 ? 1 : llvm::getNumBytesForUTF8(C);
    auto *P = reinterpret_cast<const llvm::UTF8 *>(Text.data() + I);
    if (C >= 0x80 && (Len < 2 || I + Len > Text.size() ||
                      !llvm::isLegalUTF8Sequence(P, P + Len))) {
      std::string Hex;
      llvm::raw_string_ostream(Hex) << llvm::format_hex_no_prefix(C, 2, true);
      Diags.report({File, Line, Col}, DiagId::ErrInvalidUTF8) << Hex;
      return false;
    }
    if (C == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
    I += Len;
  }
  return true;
}

namespace {
struct OpenBracket {
  antlr4::Token *Tok;
  size_t Close; // token type that closes it
};
} // namespace

static const char *closerText(size_t Type) {
  switch (Type) {
  case AspenLexer::RPAREN:
    return ")";
  case AspenLexer::RBRACK:
    return "]";
  case AspenLexer::RBRACE:
    return "}";
  default:
    return "|]";
  }
}

namespace {
struct CodeRange {
  uint32_t Lo, Hi;
};
constexpr CodeRange XidStart[] = {
#define XID_START(Lo, Hi) {Lo, Hi},
#include "XidRanges.def"
};
constexpr CodeRange XidContinue[] = {
#define XID_CONTINUE(Lo, Hi) {Lo, Hi},
#include "XidRanges.def"
};
template <size_t N> bool inRanges(const CodeRange (&R)[N], uint32_t C) {
  const CodeRange *It = std::upper_bound(
      R, R + N, C, [](uint32_t V, const CodeRange &X) { return V < X.Lo; });
  return It != R && C <= (It - 1)->Hi;
}
} // namespace

/// A name takes the characters a C++ identifier takes (XID_Start, then
/// XID_Continue, as Clang does): the lexer lets any non-ASCII character
/// into a name, and an invisible one (U+200B) or a bidi control (U+202E)
/// would make two names that look the same differ. Reports the first
/// refused character, in Clang's words.
static bool checkIdentifier(FileId File, antlr4::Token *T,
                            DiagnosticEngine &Diags) {
  const std::string Text = T->getText();
  for (size_t I = 0; I < Text.size();) {
    const unsigned char C = static_cast<unsigned char>(Text[I]);
    if (C < 0x80) {
      ++I;
      continue;
    }
    llvm::UTF32 Code = 0;
    const llvm::UTF8 *Src = reinterpret_cast<const llvm::UTF8 *>(&Text[I]);
    const llvm::UTF8 *Begin = Src;
    llvm::UTF32 *Dst = &Code;
    if (llvm::ConvertUTF8toUTF32(&Src, Src + (Text.size() - I), &Dst, Dst + 1,
                                 llvm::strictConversion) ==
            llvm::sourceIllegal ||
        Dst == &Code)
      return true; // not UTF-8: the lexer's business
    const size_t Len = size_t(Src - Begin);
    const bool First = I == 0;
    if (!inRanges(XidContinue, Code) || (First && !inRanges(XidStart, Code))) {
      char Hex[16];
      std::snprintf(Hex, sizeof Hex, "%04X", unsigned(Code));
      Diags.report(lastCharLoc(tokenLoc(File, T), Text.substr(0, I + Len)),
                   First && inRanges(XidContinue, Code)
                       ? DiagId::ErrIdentifierStartChar
                       : DiagId::ErrIdentifierChar)
          << Hex;
      return false;
    }
    I += Len;
  }
  return true;
}

/// Step 3: reports malformed tokens, then bracket structure. Returns false
/// after reporting errors.
static bool prescan(FileId File, const std::vector<antlr4::Token *> &Tokens,
                    DiagnosticEngine &Diags, const ParseOptions &Opts) {
  bool Ok = true;
  for (antlr4::Token *T : Tokens) {
    SourceLoc Loc = tokenLoc(File, T);
    switch (T->getType()) {
    case AspenLexer::UNTERMINATED_COMMENT:
      Diags.report(Loc, DiagId::ErrUnterminatedComment);
      Ok = false;
      break;
    case AspenLexer::UNTERMINATED_STRING:
      Diags.report(Loc, DiagId::ErrUnterminatedString);
      Ok = false;
      break;
    case AspenLexer::UNTERMINATED_CHAR:
      Diags.report(Loc, DiagId::ErrUnterminatedChar);
      Ok = false;
      break;
    case AspenLexer::UNTERMINATED_RAW_STRING: {
      std::string Text = T->getText();
      size_t Quote = Text.find('"'), Paren = Text.find('(');
      Diags.report(Loc, DiagId::ErrUnterminatedRawString)
          << Text.substr(Quote + 1, Paren - Quote - 1);
      Ok = false;
      break;
    }
    case AspenLexer::ERROR_CHAR:
      Diags.report(Loc, DiagId::ErrStrayChar) << T->getText();
      Ok = false;
      break;
    case AspenLexer::IDENT:
      Ok &= checkIdentifier(File, T, Diags);
      break;
    default:
      break;
    }
  }
  if (!Ok)
    return false;

  // getPayload<...> template arguments nest through '<', which the bracket
  // scan below does not count.
  const auto &Toks = Tokens;
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (Toks[I]->getType() != AspenLexer::GETPAYLOAD)
      continue;
    unsigned Depth = 0;
    for (size_t J = I + 1; J < Toks.size(); ++J) {
      antlr4::Token *T = Toks[J];
      if (T->getChannel() != antlr4::Token::DEFAULT_CHANNEL)
        continue;
      size_t Type = T->getType();
      if (Type == AspenLexer::LT) {
        if (++Depth > Opts.MaxNesting) {
          Diags.report(tokenLoc(File, T), DiagId::ErrNestingTooDeep)
              << Opts.MaxNesting;
          return false;
        }
      } else if (Type == AspenLexer::GT) {
        if (Depth == 0 || --Depth == 0)
          break;
      } else if (Depth == 0 || Type == AspenLexer::SEMI ||
                 Type == AspenLexer::LBRACE || Type == AspenLexer::RBRACE) {
        break;
      }
    }
  }

  std::vector<OpenBracket> Stack;
  unsigned PrefixRun = 0, Conditionals = 0;
  const unsigned MaxPrefixRun = Opts.MaxNesting;
  for (antlr4::Token *T : Tokens) {
    if (T->getChannel() != antlr4::Token::DEFAULT_CHANNEL)
      continue;
    size_t Type = T->getType();
    // Prefix operators recurse in the expression rules just like brackets.
    if (Type == AspenLexer::MINUS || Type == AspenLexer::BANG) {
      if (++PrefixRun > MaxPrefixRun) {
        Diags.report(tokenLoc(File, T), DiagId::ErrOperatorChainTooDeep)
            << MaxPrefixRun;
        return false;
      }
    } else {
      PrefixRun = 0;
    }
    // `a ? b : c ? ...` is right-recursive in the tag expression rule.
    if (Type == AspenLexer::QUESTION && ++Conditionals > Opts.MaxNesting) {
      Diags.report(tokenLoc(File, T), DiagId::ErrConditionalChainTooDeep)
          << Opts.MaxNesting;
      return false;
    }
    if (Type == AspenLexer::SEMI || Type == AspenLexer::LBRACE ||
        Type == AspenLexer::RBRACE)
      Conditionals = 0;
    size_t Close = 0;
    switch (Type) {
    case AspenLexer::LPAREN:
      Close = AspenLexer::RPAREN;
      break;
    case AspenLexer::LBRACK:
      Close = AspenLexer::RBRACK;
      break;
    case AspenLexer::LBRACE:
      Close = AspenLexer::RBRACE;
      break;
    case AspenLexer::SYNC_OPEN:
      Close = AspenLexer::SYNC_CLOSE;
      break;
    case AspenLexer::RPAREN:
    case AspenLexer::RBRACK:
    case AspenLexer::RBRACE:
    case AspenLexer::SYNC_CLOSE:
      if (Stack.empty()) {
        Diags.report(tokenLoc(File, T), DiagId::ErrExtraClose) << T->getText();
        return false;
      }
      if (Stack.back().Close != Type) {
        Diags.report(tokenLoc(File, T), DiagId::ErrUnbalanced)
            << closerText(Stack.back().Close) << Stack.back().Tok->getText();
        Diags.report(tokenLoc(File, Stack.back().Tok), DiagId::NoteOpenedHere)
            << Stack.back().Tok->getText();
        return false;
      }
      Stack.pop_back();
      continue;
    case antlr4::Token::EOF:
      if (!Stack.empty()) {
        Diags.report(tokenLoc(File, T), DiagId::ErrUnbalanced)
            << closerText(Stack.back().Close) << Stack.back().Tok->getText();
        Diags.report(tokenLoc(File, Stack.back().Tok), DiagId::NoteOpenedHere)
            << Stack.back().Tok->getText();
        return false;
      }
      continue;
    default:
      continue;
    }
    if (Stack.size() >= Opts.MaxNesting) {
      Diags.report(tokenLoc(File, T), DiagId::ErrNestingTooDeep)
          << Opts.MaxNesting;
      return false;
    }
    Stack.push_back({T, Close});
  }
  return true;
}

/// Whether the file at Path is in directory Dir (by identity, not by
/// spelling: `./stdlib/X.asp` and a symbolic link to the directory count).
static bool inDirectory(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty())
    return false;
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  bool Same = false;
  return !llvm::sys::fs::equivalent(Parent.empty() ? "." : Parent, Dir, Same) &&
         Same;
}

std::unique_ptr<ast::TranslationUnit>
aspen::parseBuffer(FileId File, SourceManager &SM, DiagnosticEngine &Diags,
                   const ParseOptions &Opts) {
  if (!checkBytes(File, SM, Diags))
    return nullptr;

  llvm::StringRef Text = SM.getText(File);
  antlr4::ANTLRInputStream Input(Text.data(), Text.size());
  AspenLexer Lexer(&Input);
  Lexer.removeErrorListeners(); // ERROR_CHAR makes lexing total
  antlr4::CommonTokenStream Stream(&Lexer);
  Stream.fill();
  if (!prescan(File, Stream.getTokens(), Diags, Opts))
    return nullptr;

  bool HasCode = false;
  for (antlr4::Token *T : Stream.getTokens())
    if (T->getChannel() == antlr4::Token::DEFAULT_CHANNEL &&
        T->getType() != antlr4::Token::EOF)
      HasCode = true;
  if (!HasCode) {
    Diags.report({File, 1, 1}, DiagId::ErrEmptyFile) << SM.getName(File);
    return nullptr;
  }

  AspenParser Parser(&Stream);
  Parser.removeErrorListeners();
  AspenParser::TranslationUnitContext *Tree = nullptr;

  // SLL is exact for almost every input and much faster; only when it fails
  // is the same input parsed again with full LL and error reporting.
  Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  Parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    Tree = Parser.translationUnit();
  } catch (antlr4::ParseCancellationException &) {
    Tree = nullptr;
  }
  if (!Tree) {
    Stream.seek(0);
    Parser.reset();
    Parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
        antlr4::atn::PredictionMode::LL);
    Parser.setErrorHandler(std::make_shared<SyntaxErrorReporter>(File, Diags));
    try {
      Tree = Parser.translationUnit();
    } catch (antlr4::ParseCancellationException &) {
      return nullptr; // SyntaxErrorReporter has reported the first error
    }
  }
  unsigned ErrorsBefore = Diags.getNumErrors();
  bool Stdlib = inDirectory(SM.getName(File), Opts.StdlibDir);
  auto TU = ASTBuilder(File, Input, Diags, Stdlib).build(Tree);
  if (Diags.getNumErrors() != ErrorsBefore)
    return nullptr;
  return TU;
}

std::unique_ptr<ast::TranslationUnit>
aspen::parseFile(llvm::StringRef Path, SourceManager &SM,
                 DiagnosticEngine &Diags, const ParseOptions &Opts) {
  auto Buf =
      llvm::MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf) {
    Diags.report({}, DiagId::ErrCannotOpen) << Path << Buf.getError().message();
    return nullptr;
  }
  if ((*Buf)->getBufferSize() > uint64_t(Opts.MaxFileMiB) << 20) {
    Diags.report({}, DiagId::ErrFileTooLarge) << Path << Opts.MaxFileMiB;
    return nullptr;
  }
  FileId File = SM.addBuffer(Path == "-" ? "<stdin>" : Path.str(),
                             (*Buf)->getBuffer().str());
  return parseBuffer(File, SM, Diags, Opts);
}

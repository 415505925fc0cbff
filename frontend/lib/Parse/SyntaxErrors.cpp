//===- SyntaxErrors.cpp - ANTLR errors rewritten as diagnostics -----------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "SyntaxErrors.h"
#include "AspenParser.h"
#include "llvm/Support/ConvertUTF.h"
#include <cctype>
#include <strings.h>

using namespace aspen;
using namespace aspen::parse;

SourceLoc aspen::parse::tokenLoc(FileId File, const antlr4::Token *T) {
  return {File, static_cast<uint32_t>(T->getLine()),
          static_cast<uint32_t>(T->getCharPositionInLine() + 1)};
}

/// Advances `Loc` over `Text`, one column per code point.
static SourceLoc advance(SourceLoc Loc, const std::string &Text) {
  for (size_t I = 0; I < Text.size();) {
    unsigned char C = Text[I];
    if (C == '\n') {
      ++Loc.Line;
      Loc.Col = 1;
    } else {
      ++Loc.Col;
    }
    unsigned Len = C < 0x80 ? 1 : llvm::getNumBytesForUTF8(C);
    I += Len ? Len : 1;
  }
  return Loc;
}

SourceLoc aspen::parse::lastCharLoc(SourceLoc Begin, const std::string &Text) {
  if (Text.empty())
    return Begin;
  // Position of the last code point: advance over everything before it.
  size_t Last = Text.size() - 1;
  while (Last > 0 && (static_cast<unsigned char>(Text[Last]) & 0xC0) == 0x80)
    --Last;
  return advance(Begin, Text.substr(0, Last));
}

SourceLoc aspen::parse::tokenEndLoc(FileId File, const antlr4::Token *T) {
  if (T->getType() == antlr4::Token::EOF)
    return tokenLoc(File, T);
  return advance(tokenLoc(File, T), T->getText());
}

SourceLoc aspen::parse::tokenLastLoc(FileId File, const antlr4::Token *T) {
  SourceLoc End = tokenEndLoc(File, T);
  if (End.Col > 1)
    --End.Col;
  return End;
}

namespace {
/// What each rule is called in messages, and what to say is expected when
/// ANTLR's expected-token set is too large to list.
struct RuleWords {
  const char *Phrase; // "flow statement" in "expected ';' after flow statement"
  const char *Noun;   // "an integer expression" in "expected an integer ..."
  bool IsStatement;   // ends with ';'
};
} // namespace

static RuleWords wordsFor(size_t Rule) {
  using P = AspenParser;
  switch (Rule) {
  case P::RuleTranslationUnit:
  case P::RuleTopLevelDecl:
    return {nullptr,
            "'Module', 'Declare Module', 'net' or a preprocessor line at top "
            "level",
            false};
  case P::RuleRootModule:
    return {"root module", nullptr, false};
  case P::RuleRequiredModule:
    return {"'requires' list", "a module name", false};
  case P::RuleInitializeFn:
  case P::RuleInitStmt:
    return {"initialize()",
            "an instance declaration, 'const', 'place', 'flow:' or a flow "
            "statement",
            false};
  case P::RuleInstanceDecl:
  case P::RuleInstanceDeclarator:
    return {"instance declaration", nullptr, true};
  case P::RuleConstDecl:
    return {"constant declaration", nullptr, true};
  case P::RulePlaceStmt:
  case P::RulePlaceTarget:
    return {"placement", "a hostfile node name or number", true};
  case P::RuleFlowStmt:
  case P::RuleStage:
    return {"flow statement",
            "an instance, a collective such as 'r(sum)', or a network "
            "expression",
            true};
  case P::RuleNetExpr:
  case P::RuleParallelExpr:
  case P::RulePostfixExpr:
  case P::RulePrimaryNet:
    return {nullptr,
            "an instance, a collective such as 'r(sum)', or a network "
            "expression",
            false};
  case P::RuleInstanceRef:
  case P::RuleRefHead:
    return {"instance reference", "an instance name", false};
  case P::RuleIntExpr:
    return {"integer expression", "an integer expression", false};
  case P::RuleQualifiedName:
    return {"reduce operation", "an operation name", false};
  case P::RuleRecordType:
  case P::RuleTypeEntry:
  case P::RuleRecordPattern:
  case P::RulePatternList:
    return {"record type", "a field name or a '<tag>'", false};
  case P::RuleGuard:
  case P::RuleCondition:
    return {"guard", nullptr, false};
  case P::RuleFilter:
  case P::RuleFilterBody:
  case P::RuleFilterActions:
  case P::RuleFilterOutput:
  case P::RuleOutputEntry:
    return {"filter", "a field name or a '<tag>'", false};
  case P::RuleSynchroCell:
    return {"synchro-cell", nullptr, false};
  case P::RuleTagExpr:
    return {"tag expression", "a tag expression", false};
  case P::RuleNetDef:
    return {"net definition", nullptr, true};
  case P::RuleSignature:
  case P::RuleNetSignature:
  case P::RuleTypeMap:
    return {"signature", nullptr, false};
  case P::RuleDeclareModule:
  case P::RuleDeclareItem:
    return {"module declaration",
            "'data_section', 'Input:', 'Output:' or a queue declaration",
            false};
  case P::RuleBoxModule:
    return {"box module", nullptr, false};
  case P::RuleActionModule:
    return {"action module", nullptr, false};
  case P::RuleSendStmt:
  case P::RuleSendOperand:
    return {"send statement", "an expression", true};
  case P::RuleDequeueExpr:
    return {"dequeue", nullptr, false};
  case P::RuleGetPayloadExpr:
  case P::RuleTemplateArg:
    return {"getPayload", nullptr, false};
  case P::RuleTemplateArgs:
    return {"getPayload", "'>'", false};
  default:
    return {nullptr, nullptr, false};
  }
}

static std::string tokenName(antlr4::Parser *P, size_t Type) {
  switch (Type) {
  case antlr4::Token::EOF:
    return "end of file";
  case AspenParser::IDENT:
    return "identifier";
  case AspenParser::NUMBER:
    return "integer";
  case AspenParser::STRING:
    return "string literal";
  case AspenParser::DIRECTIVE:
    return "preprocessor line";
  default:
    break;
  }
  std::string Lit = P->getVocabulary().getLiteralName(Type);
  return Lit.empty() ? P->getVocabulary().getDisplayName(Type) : Lit;
}

static std::string describeFound(antlr4::Parser *P, antlr4::Token *T) {
  if (T->getType() == antlr4::Token::EOF)
    return "end of file";
  std::string Text = T->getText();
  if (Text.size() > 32)
    Text = Text.substr(0, 29) + "...";
  for (char &C : Text)
    if (C == '\n' || C == '\r' || C == '\t')
      C = ' ';
  (void)P;
  return "'" + Text + "'";
}

static antlr4::RuleContext *parentOf(antlr4::RuleContext *C) {
  return C->parent ? dynamic_cast<antlr4::RuleContext *>(C->parent) : nullptr;
}

/// Words for one context; `Declare Module` items differ by alternative.
static RuleWords wordsForCtx(antlr4::RuleContext *C) {
  if (dynamic_cast<AspenParser::QueueDeclContext *>(C))
    return {"queue declaration", nullptr, true};
  if (dynamic_cast<AspenParser::DataSectionContext *>(C))
    return {"data_section", nullptr, false};
  return wordsFor(C->getRuleIndex());
}

/// C++ bodies accept any balanced token run: a rule inside one says nothing
/// about the coordination-level construct around it.
static bool isCxxRule(size_t Rule) {
  return Rule == AspenParser::RuleCxxBlock ||
         Rule == AspenParser::RuleCxxItem ||
         Rule == AspenParser::RuleCxxToken ||
         Rule == AspenParser::RuleTemplateArgs ||
         Rule == AspenParser::RuleTemplateArg;
}

/// The innermost rule that has words for messages.
static std::pair<RuleWords, bool> innermost(antlr4::ParserRuleContext *Ctx) {
  for (antlr4::RuleContext *C = Ctx; C; C = parentOf(C)) {
    RuleWords W = wordsForCtx(C);
    if (W.Noun || W.Phrase)
      return {W, true};
  }
  return {{nullptr, nullptr, false}, false};
}

/// The statement (a construct ending in ';') the parser is in, looking
/// through the expressions it may be inside but not through C++ bodies.
static const char *enclosingStatement(antlr4::ParserRuleContext *Ctx) {
  for (antlr4::RuleContext *C = Ctx; C; C = parentOf(C)) {
    if (isCxxRule(C->getRuleIndex()))
      return nullptr;
    RuleWords W = wordsForCtx(C);
    if (W.IsStatement)
      return W.Phrase;
    if (C->getRuleIndex() == AspenParser::RuleInitStmt ||
        C->getRuleIndex() == AspenParser::RuleDeclareItem ||
        C->getRuleIndex() == AspenParser::RuleTopLevelDecl)
      return nullptr;
  }
  return nullptr;
}

/// `then` and `else` are identifiers to the lexer (they are not reserved),
/// so where a conditional filter needs one ANTLR asks for an identifier:
/// say which word instead. Empty when Ctx is not there.
static std::string filterWord(antlr4::ParserRuleContext *Ctx) {
  auto *Actions = dynamic_cast<AspenParser::FilterActionsContext *>(Ctx);
  auto *Body = dynamic_cast<AspenParser::FilterBodyContext *>(
      Actions ? Actions->parent : Ctx);
  if (!Body || Body->condition().empty())
    return {};
  if (Body->thenWords.size() < Body->condition().size())
    return Actions ? "" : "'then'";
  if (Body->elseWords.size() < Body->thenWords.size())
    return Actions ? "';' or 'else'" : "'else'";
  return {};
}

/// " (did you mean 'Root'?)" when the offending word is a keyword of the
/// language in other capitals (`is root`, `module`), as clang hints at
/// misspelt names.
static std::string keywordCaseHint(antlr4::Parser *P, antlr4::Token *T) {
  std::string Text = T->getText();
  if (Text.empty() || !std::isalpha((unsigned char)Text[0]))
    return {};
  const antlr4::dfa::Vocabulary &V = P->getVocabulary();
  for (size_t Type = 1; Type <= V.getMaxTokenType(); ++Type) {
    std::string Lit = V.getLiteralName(Type);
    if (Lit.size() != Text.size() + 2 || Lit.front() != '\'')
      continue;
    std::string Word = Lit.substr(1, Lit.size() - 2);
    if (Word != Text && strcasecmp(Word.c_str(), Text.c_str()) == 0)
      return " (did you mean '" + Word + "'?)";
  }
  return {};
}

/// C++ where only modules, nets and preprocessor lines may stand: say where
/// a helper function, type or variable goes instead.
static bool cxxAtTopLevel(antlr4::Parser *P, antlr4::Token *T) {
  if (!dynamic_cast<AspenParser::TranslationUnitContext *>(P->getContext()) &&
      !dynamic_cast<AspenParser::TopLevelDeclContext *>(P->getContext()))
    return false;
  static const char *const Starts[] = {
      "int",      "void",      "double", "float",     "char",
      "bool",     "long",      "short",  "unsigned",  "signed",
      "auto",     "static",    "inline", "const",     "struct",
      "class",    "enum",      "union",  "using",     "typedef",
      "template", "namespace", "extern", "constexpr", "std"};
  std::string Text = T->getText();
  for (const char *S : Starts)
    if (Text == S)
      return true;
  return false;
}

void SyntaxErrorReporter::fail(antlr4::Parser *P, antlr4::Token *Offending,
                               const antlr4::misc::IntervalSet &Expected) {
  antlr4::ParserRuleContext *Ctx = P->getContext();
  if (std::string Word = filterWord(Ctx); !Word.empty()) {
    Diags.report(tokenLoc(File, Offending), DiagId::ErrExpected)
        << Word
        << " in conditional filter, found " + describeFound(P, Offending);
    throw antlr4::ParseCancellationException();
  }
  antlr4::Token *Prev = nullptr;
  if (Offending->getTokenIndex() > 0) {
    auto *Stream = P->getTokenStream();
    for (ssize_t I = ssize_t(Offending->getTokenIndex()) - 1; I >= 0; --I) {
      antlr4::Token *T = Stream->get(size_t(I));
      if (T->getChannel() == antlr4::Token::DEFAULT_CHANNEL) {
        Prev = T;
        break;
      }
    }
  }

  // A missing ';' is by far the most common slip: name the statement and put
  // the caret right after its last token, as clang does.
  if (Expected.contains(size_t(AspenParser::SEMI))) {
    if (const char *Stmt = enclosingStatement(Ctx)) {
      SourceLoc Loc =
          Prev ? tokenEndLoc(File, Prev) : tokenLoc(File, Offending);
      (Diags.report(Loc, DiagId::ErrExpected)
       << "';'" << std::string(" after ") + Stmt)
          .fixIt(0, ";");
      throw antlr4::ParseCancellationException();
    }
  }

  std::vector<size_t> Types;
  for (const antlr4::misc::Interval &I : Expected.getIntervals())
    for (ssize_t T = I.a; T <= I.b; ++T)
      Types.push_back(size_t(T));

  auto [W, Found] = innermost(Ctx);
  std::string What;
  if (!Types.empty() && Types.size() <= 4) {
    for (size_t I = 0; I < Types.size(); ++I) {
      if (I)
        What += I + 1 == Types.size() ? " or " : ", ";
      What += tokenName(P, Types[I]);
    }
  } else if (Found && W.Noun) {
    What = W.Noun;
  }
  // The construct to name: the innermost one with a phrase, which may be
  // further out than the rule that gave the noun.
  std::string Where;
  for (antlr4::RuleContext *C = Ctx; C && Where.empty(); C = parentOf(C))
    if (const char *Phrase = wordsForCtx(C).Phrase)
      Where = std::string(" in ") + Phrase;
  // `||` where `|||` was meant is an easy slip to make.
  std::string Hint = Offending->getType() == AspenParser::OROR &&
                             Expected.contains(size_t(AspenParser::PIPE3))
                         ? " (did you mean '|||'?)"
                         : "";

  if (Hint.empty())
    Hint = keywordCaseHint(P, Offending);
  SourceLoc Loc = tokenLoc(File, Offending);
  if (What.empty()) {
    Diags.report(Loc, DiagId::ErrUnexpected)
        << describeFound(P, Offending) << Where + Hint;
    throw antlr4::ParseCancellationException();
  }
  // Closing tokens belong right after what they close.
  bool OnlyClosers = true;
  for (size_t T : Types)
    OnlyClosers &= T == AspenParser::RPAREN || T == AspenParser::RBRACK ||
                   T == AspenParser::GT || T == AspenParser::SYNC_CLOSE;
  if (OnlyClosers && Prev)
    Loc = tokenEndLoc(File, Prev);
  Diags.report(Loc, DiagId::ErrExpected)
      << What << Where + ", found " + describeFound(P, Offending) + Hint;
  if (cxxAtTopLevel(P, Offending))
    Diags.report(Loc, DiagId::NoteCxxAtTopLevel);
  throw antlr4::ParseCancellationException();
}

void SyntaxErrorReporter::reportError(antlr4::Parser *P,
                                      const antlr4::RecognitionException &E) {
  antlr4::Token *Offending = E.getOffendingToken();
  if (!Offending)
    Offending = P->getCurrentToken();
  if (dynamic_cast<const antlr4::NoViableAltException *>(&E)) {
    auto &NV = static_cast<const antlr4::NoViableAltException &>(E);
    // Prediction failed further on than where the decision started: the
    // expected set describes the start, so only say what is unexpected.
    if (NV.getStartToken() && NV.getStartToken() != Offending) {
      auto [W, Found] = innermost(P->getContext());
      Diags.report(tokenLoc(File, Offending), DiagId::ErrUnexpected)
          << describeFound(P, Offending)
          << (Found && W.Phrase ? std::string(" in ") + W.Phrase
                                : std::string()) +
                 keywordCaseHint(P, Offending);
      throw antlr4::ParseCancellationException();
    }
  }
  fail(P, Offending, E.getExpectedTokens());
}

void SyntaxErrorReporter::recover(antlr4::Parser *, std::exception_ptr) {
  throw antlr4::ParseCancellationException();
}

antlr4::Token *SyntaxErrorReporter::recoverInline(antlr4::Parser *P) {
  fail(P, P->getCurrentToken(), P->getExpectedTokens());
}

void SyntaxErrorReporter::reportUnwantedToken(antlr4::Parser *P) {
  fail(P, P->getCurrentToken(), P->getExpectedTokens());
}

void SyntaxErrorReporter::reportMissingToken(antlr4::Parser *P) {
  fail(P, P->getCurrentToken(), P->getExpectedTokens());
}

//===- ASTBuilder.cpp - ANTLR parse tree to aspen AST ---------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "ASTBuilder.h"
#include "SyntaxErrors.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <cctype>
#include <cstring>

using namespace aspen;
using namespace aspen::ast;
using namespace aspen::parse;

/// Integer and tag expressions are left-deep trees; keep every later
/// recursive walk over them within a bounded depth.
static constexpr unsigned MaxExprDepth = 1024;

//===----------------------------------------------------------------------===//
// Locations and text
//===----------------------------------------------------------------------===//

SourceRange ASTBuilder::rangeOf(antlr4::ParserRuleContext *Ctx) const {
  antlr4::Token *Start = Ctx->getStart();
  antlr4::Token *Stop = Ctx->getStop();
  SourceRange R;
  R.Begin = tokenLoc(File, Start);
  R.End = (Stop && Stop->getTokenIndex() >= Start->getTokenIndex())
              ? tokenLastLoc(File, Stop)
              : R.Begin;
  return R;
}

SourceRange ASTBuilder::rangeOf(antlr4::Token *T) const {
  return {tokenLoc(File, T), tokenLastLoc(File, T)};
}

Name ASTBuilder::nameOf(antlr4::tree::TerminalNode *N) const {
  return {N->getText(), rangeOf(N->getSymbol())};
}

std::string ASTBuilder::textBetween(size_t FirstChar, size_t LastChar) const {
  if (LastChar < FirstChar || LastChar == size_t(-1))
    return {};
  return Input.getText(antlr4::misc::Interval(FirstChar, LastChar));
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<TranslationUnit>
ASTBuilder::build(AspenParser::TranslationUnitContext *Ctx) {
  auto TU = std::make_unique<TranslationUnit>();
  TU->File = File;
  for (P::TopLevelDeclContext *D : Ctx->topLevelDecl())
    if (auto Decl = buildTopLevel(D))
      TU->Decls.push_back(std::move(Decl));
  return TU;
}

std::unique_ptr<Decl> ASTBuilder::buildTopLevel(P::TopLevelDeclContext *Ctx) {
  if (auto *D = dynamic_cast<P::DirectiveDeclContext *>(Ctx))
    return buildDirective(D->DIRECTIVE()->getSymbol());
  if (auto *D = dynamic_cast<P::RootDeclContext *>(Ctx))
    return buildRoot(D->rootModule());
  if (auto *D = dynamic_cast<P::DeclareDeclContext *>(Ctx))
    return buildDeclare(D->declareModule());
  if (auto *D = dynamic_cast<P::BoxDeclContext *>(Ctx))
    return buildBox(D->boxModule());
  if (auto *D = dynamic_cast<P::ActionDeclContext *>(Ctx))
    return buildAction(D->actionModule());
  if (auto *D = dynamic_cast<P::NetDeclContext *>(Ctx))
    return buildNet(D->netDef());
  return nullptr;
}

std::unique_ptr<DirectiveDecl> ASTBuilder::buildDirective(antlr4::Token *T) {
  auto D = std::make_unique<DirectiveDecl>();
  D->Range = rangeOf(T);
  D->Text = T->getText();
  llvm::StringRef Rest = llvm::StringRef(D->Text).drop_front().ltrim(" \t");
  if (!Rest.consume_front("include"))
    return D;
  if (!Rest.empty() && (isalnum(Rest[0]) || Rest[0] == '_'))
    return D; // #include_next, #includes... : not ours to decode
  D->IsInclude = true;
  Rest = Rest.trim(" \t\r\n");
  char Close = 0;
  if (Rest.consume_front("\""))
    Close = '"';
  else if (Rest.consume_front("<"))
    Close = '>';
  size_t End = Close ? Rest.find(Close) : llvm::StringRef::npos;
  llvm::StringRef After = End == llvm::StringRef::npos
                              ? ""
                              : Rest.drop_front(End + 1).trim(" \t\r\n");
  if (End == llvm::StringRef::npos || End == 0 ||
      (!After.empty() && !After.startswith("//") && !After.startswith("/*"))) {
    Diags.report(D->Range.Begin, DiagId::ErrIncludeSyntax);
    return D;
  }
  D->Angled = Close == '>';
  D->IncludePath = Rest.take_front(End).str();
  return D;
}

//===----------------------------------------------------------------------===//
// Root modules
//===----------------------------------------------------------------------===//

std::unique_ptr<RootModuleDecl>
ASTBuilder::buildRoot(P::RootModuleContext *Ctx) {
  auto R = std::make_unique<RootModuleDecl>();
  R->Range = rangeOf(Ctx);
  R->Ident = nameOf(Ctx->IDENT());
  for (P::RequiredModuleContext *M : Ctx->requiredModule())
    R->Requires.push_back(nameOf(M->IDENT()));

  P::InitializeFnContext *Init = Ctx->initializeFn();
  R->InitializeRange = rangeOf(Init);
  if (Init->IDENT()->getText() != "initialize")
    Diags.report(tokenLoc(File, Init->IDENT()->getSymbol()),
                 DiagId::ErrNotInitialize)
        << Init->IDENT()->getText();

  const FlowLabel *Label = nullptr;
  for (P::InitStmtContext *S : Init->initStmt()) {
    std::unique_ptr<Stmt> St = buildInitStmt(S);
    if (!St)
      continue;
    if (auto *L = llvm::dyn_cast<FlowLabel>(St.get())) {
      if (Label) {
        Diags.report(L->getLoc(), DiagId::ErrDuplicateFlowLabel);
        Diags.report(Label->getLoc(), DiagId::NotePreviousHere) << "flow:";
      }
      Label = L;
    } else if (Label && llvm::isa<InstanceDecl>(St.get())) {
      Diags.report(St->getLoc(), DiagId::ErrDeclAfterFlow)
          << "an instance declaration";
    } else if (Label && llvm::isa<ConstDecl>(St.get())) {
      Diags.report(St->getLoc(), DiagId::ErrDeclAfterFlow)
          << "a constant declaration";
    } else if (!Label && llvm::isa<FlowStmt>(St.get())) {
      Diags.report(St->getLoc(), DiagId::ErrFlowBeforeLabel);
    }
    R->Body.push_back(std::move(St));
  }
  return R;
}

std::unique_ptr<Stmt> ASTBuilder::buildInitStmt(P::InitStmtContext *Ctx) {
  if (P::InstanceDeclContext *D = Ctx->instanceDecl()) {
    auto S = std::make_unique<InstanceDecl>();
    S->Range = rangeOf(D);
    S->Module = nameOf(D->IDENT());
    for (P::InstanceDeclaratorContext *DC : D->instanceDeclarator()) {
      Declarator Decl;
      Decl.Ident = nameOf(DC->IDENT());
      Decl.Range = rangeOf(DC);
      if (DC->intExpr())
        Decl.Size = buildInt(DC->intExpr());
      Decl.HasArgs = DC->LPAREN() != nullptr;
      for (P::InstanceArgContext *AC : DC->instanceArg()) {
        InstanceArg A;
        A.Range = rangeOf(AC);
        if (AC->STRING())
          A.String = AC->STRING()->getText();
        else
          A.Int = buildInt(AC->intExpr());
        Decl.Args.push_back(std::move(A));
      }
      S->Declarators.push_back(std::move(Decl));
    }
    return S;
  }
  if (P::ConstDeclContext *D = Ctx->constDecl()) {
    auto S = std::make_unique<ConstDecl>();
    S->Range = rangeOf(D);
    S->Ident = nameOf(D->IDENT());
    S->Value = buildInt(D->intExpr());
    return S;
  }
  if (P::PlaceStmtContext *D = Ctx->placeStmt()) {
    auto S = std::make_unique<PlaceStmt>();
    S->Range = rangeOf(D);
    for (P::InstanceRefContext *R : D->instanceRef())
      S->Refs.push_back(buildRef(R));
    P::PlaceTargetContext *T = D->placeTarget();
    antlr4::Token *Tok = T->getStart();
    S->Node.Range = rangeOf(Tok);
    if (T->NUMBER()) {
      S->Target = PlaceStmt::NodeIndex;
      S->Node.Text = Tok->getText();
      parseInteger(Tok, S->NodeNumber);
    } else if (T->STRING()) {
      // A C-like string: decode the common escapes.
      std::string Text = Tok->getText(), Name;
      for (size_t I = 1; I + 1 < Text.size(); ++I) {
        char C = Text[I];
        if (C == '\\' && I + 2 < Text.size()) {
          char N = Text[++I];
          C = N == 'n' ? '\n' : N == 't' ? '\t' : N;
        }
        Name += C;
      }
      if (Name.empty())
        Diags.report(tokenLoc(File, Tok), DiagId::ErrEmptyNodeName);
      S->Node.Text = Name;
    } else {
      S->Node.Text = Tok->getText();
    }
    return S;
  }
  if (Ctx->FLOW()) {
    auto S = std::make_unique<FlowLabel>();
    S->Range = rangeOf(Ctx);
    return S;
  }
  P::FlowStmtContext *F = Ctx->flowStmt();
  auto S = std::make_unique<FlowStmt>();
  S->Range = rangeOf(F);
  for (P::StageContext *SC : F->stage()) {
    FlowStmt::Stage Stage;
    for (P::NetExprContext *E : SC->netExpr())
      Stage.push_back(buildNetExpr(E));
    S->Stages.push_back(std::move(Stage));
  }
  for (P::ConnectorContext *C : F->connector()) {
    S->AllToAll.push_back(C->STAR() != nullptr);
    S->ConnectorLocs.push_back(tokenLoc(File, C->getStart()));
  }
  return S;
}

InstanceRef ASTBuilder::buildRef(P::InstanceRefContext *Ctx) {
  InstanceRef R;
  R.Range = rangeOf(Ctx);
  P::RefHeadContext *H = Ctx->refHead();
  R.Base = {H->getText(), rangeOf(H)};
  R.Head = H->INPUT()    ? InstanceRef::Input
           : H->OUTPUT() ? InstanceRef::Output
                         : InstanceRef::Named;
  std::vector<P::IntExprContext *> Ints = Ctx->intExpr();
  if (!Ints.empty())
    R.Lo = buildInt(Ints[0]);
  if (Ints.size() > 1)
    R.Hi = buildInt(Ints[1]);
  if (Ctx->IDENT())
    R.Queue = nameOf(Ctx->IDENT());
  return R;
}

bool ASTBuilder::parseInteger(antlr4::Token *T, int64_t &Value) {
  std::string Digits;
  for (char C : T->getText())
    if (C != '\'') // C++14 digit separators
      Digits += C;
  llvm::StringRef Ref(Digits);
  bool LooksNumeric = Ref.find_first_of(".eEpP") == llvm::StringRef::npos ||
                      Ref.startswith_insensitive("0x");
  // Arbitrary precision first, so "too large" and "not an integer" differ.
  llvm::APInt Big;
  if (!LooksNumeric || Ref.getAsInteger(0, Big)) {
    Diags.report(tokenLoc(File, T), DiagId::ErrNotInteger) << T->getText();
    return false;
  }
  if (Big.getActiveBits() > 63) {
    Diags.report(tokenLoc(File, T), DiagId::ErrIntegerTooLarge) << T->getText();
    return false;
  }
  Value = int64_t(Big.getZExtValue());
  return true;
}

bool ASTBuilder::exceedsDepth(unsigned Depth, antlr4::ParserRuleContext *Ctx) {
  if (Depth == 0)
    DepthReported = false;
  if (Depth <= MaxExprDepth)
    return false;
  // Report once per expression, however many operands are cut off.
  if (!DepthReported)
    Diags.report(tokenLoc(File, Ctx->getStart()), DiagId::ErrExpressionTooDeep)
        << MaxExprDepth;
  DepthReported = true;
  return true;
}

std::unique_ptr<IntExpr> ASTBuilder::buildInt(P::IntExprContext *Ctx,
                                              unsigned Depth) {
  if (exceedsDepth(Depth, Ctx)) {
    auto L = std::make_unique<IntLiteral>();
    L->Range = rangeOf(Ctx);
    return L;
  }
  if (auto *C = dynamic_cast<P::IntParenContext *>(Ctx))
    return buildInt(C->intExpr(), Depth + 1);
  if (auto *C = dynamic_cast<P::IntNegContext *>(Ctx)) {
    auto E = std::make_unique<IntNeg>();
    E->Range = rangeOf(Ctx);
    E->Operand = buildInt(C->intExpr(), Depth + 1);
    return E;
  }
  auto Binary = [&](antlr4::Token *Op, P::IntExprContext *L,
                    P::IntExprContext *R) {
    auto E = std::make_unique<IntBinary>();
    E->Range = rangeOf(Ctx);
    E->Op = Op->getText()[0];
    E->LHS = buildInt(L, Depth + 1);
    E->RHS = buildInt(R, Depth + 1);
    return E;
  };
  if (auto *C = dynamic_cast<P::IntMulContext *>(Ctx))
    return Binary(C->op, C->intExpr(0), C->intExpr(1));
  if (auto *C = dynamic_cast<P::IntAddContext *>(Ctx))
    return Binary(C->op, C->intExpr(0), C->intExpr(1));
  if (auto *C = dynamic_cast<P::IntNameContext *>(Ctx)) {
    auto E = std::make_unique<IntName>();
    E->Range = rangeOf(Ctx);
    E->Ident = C->IDENT()->getText();
    return E;
  }
  auto *C = static_cast<P::IntLiteralContext *>(Ctx);
  auto E = std::make_unique<IntLiteral>();
  E->Range = rangeOf(Ctx);
  parseInteger(C->NUMBER()->getSymbol(), E->Value);
  return E;
}

//===----------------------------------------------------------------------===//
// Networks
//===----------------------------------------------------------------------===//

/// A placeholder for a network expression cut off by the depth limit.
static std::unique_ptr<NetExpr> placeholder(SourceRange R) {
  auto E = std::make_unique<RefExpr>();
  E->Range = R;
  E->Ref.Range = R;
  E->Ref.Base.Range = R;
  return E;
}

std::unique_ptr<NetExpr> ASTBuilder::buildNetExpr(P::NetExprContext *Ctx) {
  // Parentheses and postfix combinators nest network expressions; bound the
  // depth so every later recursive walk is bounded too.
  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(D) { ++D; }
    ~DepthGuard() { --D; }
  } Guard(NetDepth);
  if (NetDepth > MaxExprDepth) {
    if (!NetDepthReported)
      Diags.report(tokenLoc(File, Ctx->getStart()),
                   DiagId::ErrExpressionTooDeep)
          << MaxExprDepth;
    NetDepthReported = true;
    return placeholder(rangeOf(Ctx));
  }
  std::vector<P::ParallelExprContext *> Parts = Ctx->parallelExpr();
  if (Parts.size() == 1)
    return buildParallel(Parts[0]);
  auto S = std::make_unique<SerialExpr>();
  S->Range = rangeOf(Ctx);
  for (P::ParallelExprContext *Part : Parts)
    S->Stages.push_back(buildParallel(Part));
  return S;
}

std::unique_ptr<NetExpr>
ASTBuilder::buildParallel(P::ParallelExprContext *Ctx) {
  std::vector<P::PostfixExprContext *> Parts = Ctx->postfixExpr();
  if (Parts.size() == 1)
    return buildPostfix(Parts[0]);
  auto S = std::make_unique<ParallelExpr>();
  S->Range = rangeOf(Ctx);
  // `A | B || C` would leave open which order is kept: S-Net's grammar
  // does not mix them either.
  S->Deterministic = Ctx->ops[0]->getType() == P::OROR;
  for (antlr4::Token *Op : Ctx->ops)
    if ((Op->getType() == P::OROR) != S->Deterministic) {
      Diags.report(tokenLoc(File, Op), DiagId::ErrMixedParallel)
          << Op->getText() << Ctx->ops[0]->getText();
      break;
    }
  for (P::PostfixExprContext *Part : Parts)
    S->Branches.push_back(buildPostfix(Part));
  return S;
}

std::unique_ptr<NetExpr> ASTBuilder::buildPostfix(P::PostfixExprContext *Ctx) {
  std::vector<P::PostfixOpContext *> Ops = Ctx->postfixOp();
  if (NetDepth + Ops.size() > MaxExprDepth) {
    if (!NetDepthReported)
      Diags.report(tokenLoc(File, Ops[MaxExprDepth - NetDepth]->getStart()),
                   DiagId::ErrExpressionTooDeep)
          << MaxExprDepth;
    NetDepthReported = true;
    return placeholder(rangeOf(Ctx));
  }
  std::unique_ptr<NetExpr> E = buildPrimary(Ctx->primaryNet());
  for (P::PostfixOpContext *Op : Ops) {
    // Begin at the postfix expression so a parenthesised operand's '(' is
    // inside the range.
    SourceRange R{rangeOf(Ctx).Begin, rangeOf(Op).End};
    auto *DS = dynamic_cast<P::DetStarOpContext *>(Op);
    auto *DT = dynamic_cast<P::DetSplitOpContext *>(Op);
    if (auto *S = dynamic_cast<P::StarOpContext *>(Op); S || DS) {
      auto N = std::make_unique<StarExpr>();
      N->Operand = std::move(E);
      N->Deterministic = DS != nullptr;
      for (P::RecordPatternContext *Pat :
           (DS ? DS->patternList() : S->patternList())->recordPattern())
        N->Exits.push_back(buildPattern(Pat));
      N->Range = R;
      E = std::move(N);
    } else if (auto *S = dynamic_cast<P::SplitOpContext *>(Op); S || DT) {
      auto N = std::make_unique<SplitExpr>();
      N->Operand = std::move(E);
      N->Deterministic = DT != nullptr;
      N->Tag = nameOf(DT ? DT->IDENT() : S->IDENT());
      N->Range = R;
      E = std::move(N);
    } else {
      auto *F = static_cast<P::FeedbackOpContext *>(Op);
      auto N = std::make_unique<FeedbackExpr>();
      N->Operand = std::move(E);
      for (P::RecordPatternContext *Pat : F->patternList()->recordPattern())
        N->Backs.push_back(buildPattern(Pat));
      N->Range = R;
      E = std::move(N);
    }
  }
  return E;
}

std::unique_ptr<NetExpr> ASTBuilder::buildPrimary(P::PrimaryNetContext *Ctx) {
  if (auto *C = dynamic_cast<P::ParenNetContext *>(Ctx))
    return buildNetExpr(C->netExpr());
  if (auto *C = dynamic_cast<P::CollectiveNetContext *>(Ctx)) {
    auto E = std::make_unique<CollectiveExpr>();
    E->Range = rangeOf(Ctx);
    E->Callee = nameOf(C->IDENT());
    if (P::QualifiedNameContext *Q = C->qualifiedName())
      E->Op = Name{Q->getText(), rangeOf(Q)};
    return E;
  }
  if (auto *C = dynamic_cast<P::RefNetContext *>(Ctx)) {
    auto E = std::make_unique<RefExpr>();
    E->Range = rangeOf(Ctx);
    E->Ref = buildRef(C->instanceRef());
    return E;
  }
  if (auto *C = dynamic_cast<P::FilterNetContext *>(Ctx))
    return buildFilter(C->filter());
  auto *C = static_cast<P::SyncNetContext *>(Ctx);
  auto E = std::make_unique<SyncExpr>();
  E->Range = rangeOf(Ctx);
  for (P::RecordPatternContext *Pat : C->synchroCell()->recordPattern())
    E->Patterns.push_back(buildPattern(Pat));
  return E;
}

std::unique_ptr<NetExpr> ASTBuilder::buildFilter(P::FilterContext *F) {
  auto E = std::make_unique<FilterExpr>();
  E->Range = rangeOf(F);
  if (!F->recordPattern())
    return E; // `[]`
  E->Pattern = buildPattern(F->recordPattern());
  P::FilterBodyContext *Body = F->filterBody();
  std::vector<P::ConditionContext *> Conds = Body->condition();
  std::vector<P::FilterActionsContext *> Actions = Body->filterActions();
  // `then` and `else` are identifiers to the lexer, so that they stay
  // usable as names; here they must be the two words.
  auto Expect = [&](antlr4::Token *T, const char *Word) {
    if (T->getText() != Word)
      Diags.report(tokenLoc(File, T), DiagId::ErrExpected)
          << std::string("'") + Word + "'"
          << " in conditional filter, found '" + T->getText() + "'";
  };
  for (size_t I = 0; I < Actions.size(); ++I) {
    FilterBranch B;
    if (I < Conds.size()) {
      Expect(Body->thenWords[I], "then");
      Expect(Body->elseWords[I], "else");
      B.Cond = buildTag(Conds[I]->tagExpr());
    }
    for (P::FilterOutputContext *O : Actions[I]->filterOutput())
      B.Outputs.push_back(buildFilterOutput(O));
    E->Branches.push_back(std::move(B));
  }
  return E;
}

FilterOutput ASTBuilder::buildFilterOutput(P::FilterOutputContext *O) {
  FilterOutput Out;
  Out.Range = rangeOf(O);
  for (P::OutputEntryContext *OE : O->outputEntry()) {
    OutputEntry Entry;
    if (auto *FO = dynamic_cast<P::FieldOutContext *>(OE)) {
      std::vector<antlr4::tree::TerminalNode *> Ids = FO->IDENT();
      Entry.Label = nameOf(Ids[0]);
      if (Ids.size() > 1)
        Entry.Source = nameOf(Ids[1]);
    } else {
      auto *TO = static_cast<P::TagOutContext *>(OE);
      Entry.IsTag = true;
      Entry.Label = nameOf(TO->IDENT());
      if (TO->tagExpr())
        Entry.Value = buildTag(TO->tagExpr());
    }
    Out.Entries.push_back(std::move(Entry));
  }
  return Out;
}

RecordType ASTBuilder::buildRecordType(P::RecordTypeContext *Ctx) {
  RecordType T;
  T.Range = rangeOf(Ctx);
  for (P::TypeEntryContext *E : Ctx->typeEntry())
    T.Entries.push_back({E->LT() != nullptr, nameOf(E->IDENT())});
  return T;
}

RecordPattern ASTBuilder::buildPattern(P::RecordPatternContext *Ctx) {
  RecordPattern Pat;
  Pat.Range = rangeOf(Ctx);
  Pat.Type = buildRecordType(Ctx->recordType());
  if (Ctx->guard())
    Pat.Guard = buildTag(Ctx->guard()->condition()->tagExpr());
  return Pat;
}

Signature ASTBuilder::buildSignature(P::SignatureContext *Ctx) {
  Signature S;
  S.Range = rangeOf(Ctx);
  std::vector<P::RecordTypeContext *> Types = Ctx->recordType();
  size_t First = 0;
  if (Ctx->input)
    S.Input = buildRecordType(Types[First++]);
  else
    S.IsInitialiser = true;
  for (size_t I = First; I < Types.size(); ++I)
    S.Outputs.push_back(buildRecordType(Types[I]));
  return S;
}

std::unique_ptr<TagExpr> ASTBuilder::buildTag(P::TagExprContext *Ctx,
                                              unsigned Depth) {
  if (exceedsDepth(Depth, Ctx)) {
    auto L = std::make_unique<TagLiteral>();
    L->Range = rangeOf(Ctx);
    return L;
  }
  if (auto *C = dynamic_cast<P::TagParenContext *>(Ctx))
    return buildTag(C->tagExpr(), Depth + 1);
  if (auto *C = dynamic_cast<P::TagUnaryContext *>(Ctx)) {
    auto E = std::make_unique<TagUnary>();
    E->Range = rangeOf(Ctx);
    E->Op = C->op->getText();
    E->Operand = buildTag(C->tagExpr(), Depth + 1);
    return E;
  }
  if (auto *C = dynamic_cast<P::TagBinaryContext *>(Ctx)) {
    auto E = std::make_unique<TagBinary>();
    E->Range = rangeOf(Ctx);
    E->Op = C->op->getText();
    E->LHS = buildTag(C->tagExpr(0), Depth + 1);
    E->RHS = buildTag(C->tagExpr(1), Depth + 1);
    return E;
  }
  if (auto *C = dynamic_cast<P::TagCondContext *>(Ctx)) {
    auto E = std::make_unique<TagCond>();
    E->Range = rangeOf(Ctx);
    E->Cond = buildTag(C->tagExpr(0), Depth + 1);
    E->Then = buildTag(C->tagExpr(1), Depth + 1);
    E->Else = buildTag(C->tagExpr(2), Depth + 1);
    return E;
  }
  if (auto *C = dynamic_cast<P::TagCallContext *>(Ctx)) {
    auto E = std::make_unique<TagCall>();
    E->Range = rangeOf(Ctx);
    E->Callee = nameOf(C->IDENT());
    for (P::TagExprContext *A : C->tagExpr())
      E->Args.push_back(buildTag(A, Depth + 1));
    return E;
  }
  if (auto *C = dynamic_cast<P::TagNameContext *>(Ctx)) {
    auto E = std::make_unique<TagName>();
    E->Range = rangeOf(Ctx);
    E->Ident = C->IDENT()->getText();
    return E;
  }
  auto *C = static_cast<P::TagLiteralContext *>(Ctx);
  auto E = std::make_unique<TagLiteral>();
  E->Range = rangeOf(Ctx);
  parseInteger(C->NUMBER()->getSymbol(), E->Value);
  return E;
}

std::unique_ptr<NetDecl> ASTBuilder::buildNet(P::NetDefContext *Ctx) {
  auto N = std::make_unique<NetDecl>();
  N->Range = rangeOf(Ctx);
  N->Ident = nameOf(Ctx->IDENT());
  if (P::NetSignatureContext *S = Ctx->netSignature()) {
    NetSignature Sig;
    Sig.Range = rangeOf(S);
    for (P::TypeMapContext *M : S->typeMap()) {
      TypeMap Map;
      Map.Range = rangeOf(M);
      // The types before `->` are inputs, the ones after it outputs.
      size_t Arrow = M->ARROW()->getSymbol()->getTokenIndex();
      for (P::RecordTypeContext *T : M->recordType())
        (T->getStart()->getTokenIndex() < Arrow ? Map.Inputs : Map.Outputs)
            .push_back(buildRecordType(T));
      Sig.Maps.push_back(std::move(Map));
    }
    N->Sig = std::move(Sig);
  }
  for (P::NetDefContext *Inner : Ctx->netDef())
    N->Nested.push_back(buildNet(Inner));
  N->Body = buildNetExpr(Ctx->netExpr());
  return N;
}

//===----------------------------------------------------------------------===//
// Module declarations
//===----------------------------------------------------------------------===//

std::unique_ptr<DeclareModuleDecl>
ASTBuilder::buildDeclare(P::DeclareModuleContext *Ctx) {
  auto D = std::make_unique<DeclareModuleDecl>();
  D->Range = rangeOf(Ctx);
  D->Ident = nameOf(Ctx->IDENT());
  antlr4::Token *Label = nullptr;
  for (P::DeclareItemContext *Item : Ctx->declareItem()) {
    auto Verbatim = [&](P::CxxBlockContext *B) {
      antlr4::Token *Open = B->LBRACE()->getSymbol();
      antlr4::Token *Close = B->RBRACE()->getSymbol();
      CxxVerbatim V;
      V.Text =
          textBetween(Open->getStopIndex() + 1, Close->getStartIndex() - 1);
      V.Range.Begin = tokenEndLoc(File, Open);
      V.Range.End = lastCharLoc(V.Range.Begin, V.Text);
      return V;
    };
    if (auto *DS = dynamic_cast<P::DataSectionContext *>(Item)) {
      if (D->DataSection) {
        Diags.report(tokenLoc(File, DS->getStart()),
                     DiagId::ErrDuplicateDataSection)
            << D->Ident.Text;
        continue;
      }
      D->DataSection = Verbatim(DS->cxxBlock());
    } else if (auto *NS = dynamic_cast<P::NamedSectionContext *>(Item)) {
      antlr4::Token *Kw = NS->IDENT()->getSymbol();
      if (Stdlib && Kw->getText() == "node_local") {
        buildNodeLocal(*D, NS);
        continue;
      }
      if (Kw->getText() != "parameters") {
        Diags.report(tokenLoc(File, Kw), DiagId::ErrUnknownSection)
            << Kw->getText();
        continue;
      }
      if (D->ParamSection) {
        Diags.report(tokenLoc(File, Kw), DiagId::ErrDuplicateParams)
            << D->Ident.Text;
        continue;
      }
      D->ParamSection = Verbatim(NS->cxxBlock());
      buildParams(*D, NS->cxxBlock());
    } else if (auto *L = dynamic_cast<P::QueueLabelContext *>(Item)) {
      Label = L->kind;
    } else {
      auto *Q = static_cast<P::QueueDeclContext *>(Item);
      bool IsInput = Q->kind->getType() == P::INPUT;
      if (Label && Label->getType() != Q->kind->getType())
        Diags.report(tokenLoc(File, Q->kind), DiagId::ErrQueueLabelMismatch)
            << Q->kind->getText() << Label->getText();
      for (antlr4::tree::TerminalNode *Id : Q->IDENT())
        (IsInput ? D->InputQueues : D->OutputQueues).push_back(nameOf(Id));
    }
  }
  return D;
}

// `node_local { "the connections TcpListen accepts" }`, in the standard
// library's files only: one string, which names the state.
void ASTBuilder::buildNodeLocal(DeclareModuleDecl &D,
                                P::NamedSectionContext *NS) {
  antlr4::Token *Kw = NS->IDENT()->getSymbol();
  if (D.NodeLocal) {
    Diags.report(tokenLoc(File, Kw), DiagId::ErrDuplicateNodeLocal)
        << D.Ident.Text;
    return;
  }
  std::vector<P::CxxItemContext *> Items = NS->cxxBlock()->cxxItem();
  antlr4::Token *T = Items.size() == 1 && Items[0]->cxxToken()
                         ? Items[0]->getStart()
                         : nullptr;
  if (!T || T->getType() != P::STRING || T->getText().size() < 3) {
    Diags.report(tokenLoc(File, Kw), DiagId::ErrNodeLocalSection)
        << D.Ident.Text;
    return;
  }
  Name State;
  State.Text = T->getText().substr(1, T->getText().size() - 2);
  State.Range = rangeOf(T);
  D.NodeLocal = std::move(State);
}

// Each top-level declaration of a parameters section declares one member,
// `TYPE NAME;` or `TYPE NAME = default;` (or `{default}`): its name is the
// last identifier before the initialiser. Nested brackets are one cxxItem
// each, so only template arguments need counting to tell a second
// declarator (`int a, b;`) from a comma in `std::map<int, int>`.
void ASTBuilder::buildParams(DeclareModuleDecl &D, P::CxxBlockContext *B) {
  antlr4::Token *LastIdent = nullptr, *First = nullptr;
  bool Init = false, Comma = false;
  int Angle = 0;
  auto Finish = [&](antlr4::Token *End) {
    if (!First)
      return;
    if (Comma)
      Diags.report(tokenLoc(File, First), DiagId::ErrParamOneName)
          << D.Ident.Text;
    else if (!LastIdent)
      Diags.report(tokenLoc(File, End ? End : First), DiagId::ErrParamNoName)
          << D.Ident.Text;
    else {
      DeclareModuleDecl::Param Prm;
      Prm.Ident.Text = LastIdent->getText();
      Prm.Ident.Range = rangeOf(LastIdent);
      Prm.HasDefault = Init;
      bool Dup = false;
      for (const auto &Q : D.Params)
        Dup |= Q.Ident.Text == Prm.Ident.Text;
      if (Dup)
        Diags.report(Prm.Ident.Range.Begin, DiagId::ErrParamTwice)
            << Prm.Ident.Text << D.Ident.Text;
      else
        D.Params.push_back(std::move(Prm));
    }
    LastIdent = First = nullptr;
    Init = Comma = false;
    Angle = 0;
  };
  for (P::CxxItemContext *Item : B->cxxItem()) {
    antlr4::Token *T = Item->getStart();
    size_t Ty = T->getType();
    bool Token = Item->cxxToken() != nullptr;
    if (Token && Ty == P::SEMI) {
      Finish(T);
      continue;
    }
    if (!First)
      First = T;
    if (Init)
      continue;
    if (Token && Ty == P::ASSIGN)
      Init = true;
    else if (!Token && Ty == P::LBRACE)
      Init = LastIdent != nullptr; // `T name{...}`
    else if (Token && Ty == P::LT)
      ++Angle;
    else if (Token && Ty == P::GT)
      --Angle;
    else if (Token && Ty == P::COMMA && Angle <= 0)
      Comma = true;
    else if (Token && Ty == P::IDENT)
      LastIdent = T;
  }
  Finish(nullptr);
}

std::unique_ptr<BoxModuleDecl> ASTBuilder::buildBox(P::BoxModuleContext *Ctx) {
  auto B = std::make_unique<BoxModuleDecl>();
  B->Range = rangeOf(Ctx);
  B->Ident = nameOf(Ctx->IDENT());
  B->Sig = buildSignature(Ctx->signature());
  B->Body = buildBlockBody(Ctx->cxxBlock());
  return B;
}

std::unique_ptr<ActionModuleDecl>
ASTBuilder::buildAction(P::ActionModuleContext *Ctx) {
  auto A = std::make_unique<ActionModuleDecl>();
  A->Range = rangeOf(Ctx);
  A->Ident = nameOf(Ctx->IDENT());
  A->Body = buildBlockBody(Ctx->cxxBlock());
  return A;
}

//===----------------------------------------------------------------------===//
// C++ bodies
//===----------------------------------------------------------------------===//

static bool isExtension(antlr4::tree::ParseTree *T) {
  return dynamic_cast<AspenParser::SendStmtContext *>(T) ||
         dynamic_cast<AspenParser::DequeueExprContext *>(T) ||
         dynamic_cast<AspenParser::GetPayloadExprContext *>(T);
}

/// Appends the outermost extensions under `T`, in source order. Recursion is
/// bounded by the bracket nesting limit checked before parsing.
static void collectExtensions(antlr4::tree::ParseTree *T,
                              std::vector<antlr4::tree::ParseTree *> &Out) {
  if (isExtension(T)) {
    Out.push_back(T);
    return;
  }
  for (antlr4::tree::ParseTree *Child : T->children)
    collectExtensions(Child, Out);
}

/// `send` and `dequeue` in a directive of module code (a macro body):
/// Clang would see them as they are and say "use of undeclared
/// identifier", which does not tell what is wrong.
void ASTBuilder::checkDirectives(antlr4::tree::ParseTree *T) {
  auto *Term = dynamic_cast<antlr4::tree::TerminalNode *>(T);
  if (!Term) {
    for (antlr4::tree::ParseTree *Child : T->children)
      checkDirectives(Child);
    return;
  }
  antlr4::Token *Tok = Term->getSymbol();
  if (Tok->getType() != P::DIRECTIVE)
    return;
  const std::string Text = Tok->getText();
  llvm::StringRef Rest = llvm::StringRef(Text).drop_front().ltrim(" \t");
  if (!Rest.startswith("define"))
    return; // an #include "send.h" names a file
  auto Word = [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  };
  char Quote = 0;
  for (size_t At = 0; At < Text.size(); ++At) {
    char C = Text[At];
    if (Quote) { // inside a string or character literal
      if (C == '\\')
        ++At;
      else if (C == Quote)
        Quote = 0;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      continue;
    }
    if (At && Word(Text[At - 1]))
      continue;
    for (const char *Kw : {"send", "dequeue"}) {
      const size_t Len = std::strlen(Kw);
      if (Text.compare(At, Len, Kw) != 0 ||
          (At + Len < Text.size() && Word(Text[At + Len])))
        continue;
      SourceLoc L = tokenLoc(File, Tok);
      if (Text.find('\n') > At) // on the directive's first line
        L.Col += uint32_t(At);
      Diags.report(L, DiagId::ErrExtensionInDirective) << Kw;
      return;
    }
  }
}

CxxBody ASTBuilder::buildFragments(
    size_t BeginChar, size_t EndChar, SourceLoc BeginLoc,
    const std::vector<antlr4::tree::ParseTree *> &Items) {
  std::vector<antlr4::tree::ParseTree *> Exts;
  for (antlr4::tree::ParseTree *Item : Items) {
    collectExtensions(Item, Exts);
    checkDirectives(Item);
  }

  CxxBody Body;
  size_t Pos = BeginChar;
  SourceLoc Loc = BeginLoc;
  auto Verbatim = [&](size_t Until) {
    if (Until <= Pos)
      return;
    auto V = std::make_unique<CxxVerbatim>();
    V->Text = textBetween(Pos, Until - 1);
    V->Range = {Loc, lastCharLoc(Loc, V->Text)};
    Body.push_back(std::move(V));
  };
  for (antlr4::tree::ParseTree *T : Exts) {
    auto *Ctx = static_cast<antlr4::ParserRuleContext *>(T);
    Verbatim(Ctx->getStart()->getStartIndex());
    Body.push_back(buildExtension(T));
    Pos = Ctx->getStop()->getStopIndex() + 1;
    Loc = tokenEndLoc(File, Ctx->getStop());
  }
  Verbatim(EndChar);
  return Body;
}

CxxBody ASTBuilder::buildBlockBody(P::CxxBlockContext *Ctx) {
  antlr4::Token *Open = Ctx->LBRACE()->getSymbol();
  antlr4::Token *Close = Ctx->RBRACE()->getSymbol();
  std::vector<P::CxxItemContext *> Children = Ctx->cxxItem();
  std::vector<antlr4::tree::ParseTree *> Items(Children.begin(),
                                               Children.end());
  return buildFragments(Open->getStopIndex() + 1, Close->getStartIndex(),
                        tokenEndLoc(File, Open), Items);
}

std::string
ASTBuilder::itemsText(const std::vector<P::CxxItemContext *> &Items) const {
  if (Items.empty())
    return "";
  return llvm::StringRef(textBetween(Items.front()->getStart()->getStartIndex(),
                                     Items.back()->getStop()->getStopIndex()))
      .trim()
      .str();
}

static bool isToken(AspenParser::CxxItemContext *Item, size_t Type) {
  return Item->cxxToken() && Item->getStart()->getType() == Type;
}

/// `a`, `a | b | c`, `a & b`: the queues of a dequeue, `default` for the
/// default queue. False, after a report, when they are something else.
bool ASTBuilder::buildReceiveQueues(
    DequeueExpr &N, const std::vector<P::CxxItemContext *> &Items) {
  auto Bad = [&] {
    Diags.report(tokenLoc(File, Items.front()->getStart()),
                 DiagId::ErrBadQueueName)
        << itemsText(Items);
    return false;
  };
  if (Items.size() % 2 == 0)
    return Bad();
  for (size_t K = 0; K < Items.size(); K += 2)
    if (!isToken(Items[K], P::IDENT))
      return Bad();
  size_t Sep = 0;
  for (size_t K = 1; K < Items.size(); K += 2) {
    size_t Type = Items[K]->getStart()->getType();
    if (!isToken(Items[K], P::PIPE) && !isToken(Items[K], P::AMP))
      return Bad();
    if (Sep && Sep != Type) {
      Diags.report(tokenLoc(File, Items[K]->getStart()),
                   DiagId::ErrReceiveMixedList)
          << itemsText(Items);
      return false;
    }
    Sep = Type;
  }
  if (Sep)
    N.List = Sep == P::PIPE ? DequeueExpr::Choice : DequeueExpr::Joined;
  // A set, not a look back along the list: a generated list of 10^5
  // names must not take the quadratic time of comparing each with all.
  llvm::StringSet<> Seen;
  for (size_t K = 0; K < Items.size(); K += 2) {
    Name Q{Items[K]->getText(), rangeOf(Items[K])};
    if (Q.Text == "default")
      Q.Text.clear(); // the default queue, which has no name
    if (!Seen.insert(Q.Text).second) {
      Diags.report(Q.Range.Begin, DiagId::ErrReceiveQueueTwice)
          << (Q.Text.empty() ? std::string("default") : Q.Text);
      return false;
    }
    N.Queues.push_back(std::move(Q));
  }
  return true;
}

/// `within: EXPR`, `count: EXPR`, `from: EXPR` or `from: any`.
void ASTBuilder::buildReceiveOption(
    DequeueExpr &N, const std::vector<P::CxxItemContext *> &Items,
    antlr4::Token *Comma) {
  if (Items.size() < 2 || !isToken(Items[0], P::IDENT) ||
      !isToken(Items[1], P::COLON)) {
    if (Items.empty())
      Diags.report(tokenEndLoc(File, Comma), DiagId::ErrReceiveOptionSyntax)
          << "";
    else
      Diags.report(tokenLoc(File, Items[0]->getStart()),
                   DiagId::ErrReceiveOptionSyntax)
          << itemsText(Items);
    return;
  }
  Name Key{Items[0]->getText(), rangeOf(Items[0])};
  std::optional<DequeueExpr::Option> *Slot = Key.Text == "within"  ? &N.Within
                                             : Key.Text == "count" ? &N.Count
                                             : Key.Text == "from"  ? &N.From
                                                                   : nullptr;
  if (!Slot) {
    Diags.report(Key.Range.Begin, DiagId::ErrReceiveUnknownOption) << Key.Text;
    return;
  }
  if (*Slot) {
    Diags.report(Key.Range.Begin, DiagId::ErrReceiveOptionTwice) << Key.Text;
    return;
  }
  std::vector<P::CxxItemContext *> Value(Items.begin() + 2, Items.end());
  if (Value.empty()) {
    Diags.report(tokenEndLoc(File, Items[1]->getStart()),
                 DiagId::ErrReceiveOptionValue)
        << Key.Text
        << (Key.Text == "within"  ? "'within: std::chrono::milliseconds(5)'"
            : Key.Text == "count" ? "'count: 16'"
                                  : "'from: 2' or 'from: any'");
    return;
  }
  std::string Text = itemsText(Value);
  SourceLoc At = tokenLoc(File, Value.front()->getStart());
  // What the compiler can know of the value: a literal count of 0, a
  // duration written with a minus sign.
  if (Key.Text == "count" && Value.size() == 1 &&
      isToken(Value[0], P::NUMBER) &&
      llvm::StringRef(Text).ltrim('0').empty()) {
    Diags.report(At, DiagId::ErrReceiveCountZero) << Text;
    return;
  }
  if ((Key.Text == "count" || Key.Text == "within") &&
      isToken(Value[0], P::MINUS)) {
    if (Key.Text == "within")
      Diags.report(At, DiagId::ErrReceiveNegativeDuration) << Text;
    else
      Diags.report(At, DiagId::ErrReceiveCountZero) << Text;
    return;
  }
  DequeueExpr::Option O;
  O.Key = Key;
  if (Key.Text == "from" && Value.size() == 1 && Text == "any") {
    O.Any = true;
  } else {
    std::vector<antlr4::tree::ParseTree *> Trees(Value.begin(), Value.end());
    O.Value =
        buildFragments(Value.front()->getStart()->getStartIndex(),
                       Value.back()->getStop()->getStopIndex() + 1, At, Trees);
  }
  *Slot = std::move(O);
}

std::unique_ptr<DequeueExpr>
ASTBuilder::buildDequeue(P::DequeueExprContext *D) {
  auto N = std::make_unique<DequeueExpr>();
  N->Range = rangeOf(D);
  std::vector<P::CxxItemContext *> Items = D->cxxItem();
  if (Items.empty())
    return N; // dequeue()
  // Split at the commas outside brackets (those inside are in an item).
  std::vector<std::vector<P::CxxItemContext *>> Parts(1);
  std::vector<antlr4::Token *> Commas;
  for (P::CxxItemContext *Item : Items)
    if (isToken(Item, P::COMMA)) {
      Parts.emplace_back();
      Commas.push_back(Item->getStart());
    } else {
      Parts.back().push_back(Item);
    }
  if (Parts[0].empty()) {
    Diags.report(tokenLoc(File, Items[0]->getStart()), DiagId::ErrBadQueueName)
        << itemsText(Items);
    return N;
  }
  if (!buildReceiveQueues(*N, Parts[0]))
    return N;
  if (Parts.size() == 1 && N->Queues.size() == 1 && N->Queues[0].Text.empty())
    N->Queues.clear(); // dequeue(default) is dequeue()
  for (size_t K = 1; K < Parts.size(); ++K)
    buildReceiveOption(*N, Parts[K], Commas[K - 1]);
  // Which forms go together.
  const char *Why = nullptr;
  SourceLoc At = N->Range.Begin;
  if (N->List == DequeueExpr::Joined && (N->Within || N->Count || N->From)) {
    Why = "a joined receive 'dequeue(a & b)' takes no options: it waits for "
          "one element of each queue";
  } else if (N->Count &&
             (N->Within || N->From || N->List != DequeueExpr::One)) {
    Why = "'count:' takes its elements from one queue, without 'within:' or "
          "'from:'";
    At = N->Count->Key.Range.Begin;
  } else if (N->From && N->List != DequeueExpr::One) {
    Why = "'from:' takes the next element of one sender on one queue, not a "
          "choice";
    At = N->From->Key.Range.Begin;
  }
  if (Why)
    Diags.report(At, DiagId::ErrReceiveBadCombination) << Why;
  return N;
}

std::unique_ptr<CxxFragment>
ASTBuilder::buildExtension(antlr4::tree::ParseTree *T) {
  if (auto *S = dynamic_cast<P::SendStmtContext *>(T)) {
    auto N = std::make_unique<SendStmt>();
    N->Range = rangeOf(S);
    std::vector<P::SendOperandContext *> Ops = S->sendOperand();
    std::vector<antlr4::tree::ParseTree *> Items(Ops.begin(), Ops.end());
    N->Operand = buildFragments(Ops.front()->getStart()->getStartIndex(),
                                Ops.back()->getStop()->getStopIndex() + 1,
                                tokenLoc(File, Ops.front()->getStart()), Items);
    if (S->IDENT())
      N->Queue = nameOf(S->IDENT());
    return N;
  }
  if (auto *D = dynamic_cast<P::DequeueExprContext *>(T))
    return buildDequeue(D);
  auto *G = static_cast<P::GetPayloadExprContext *>(T);
  auto N = std::make_unique<GetPayloadExpr>();
  N->Range = rangeOf(G);
  if (P::TemplateArgsContext *TA = G->templateArgs()) {
    N->TypeArg = textBetween(TA->LT()->getSymbol()->getStopIndex() + 1,
                             TA->GT()->getSymbol()->getStartIndex() - 1);
    N->TypeArgLoc = tokenEndLoc(File, TA->LT()->getSymbol());
  }
  antlr4::Token *Open = G->LPAREN()->getSymbol();
  antlr4::Token *Close = G->RPAREN()->getSymbol();
  std::vector<P::CxxItemContext *> Children = G->cxxItem();
  std::vector<antlr4::tree::ParseTree *> Items(Children.begin(),
                                               Children.end());
  N->Operand = buildFragments(Open->getStopIndex() + 1, Close->getStartIndex(),
                              tokenEndLoc(File, Open), Items);
  return N;
}

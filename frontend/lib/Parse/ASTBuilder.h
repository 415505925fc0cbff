//===- ASTBuilder.h - ANTLR parse tree to aspen AST -------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Private to frontend/lib/Parse: the only code besides Parser.cpp that sees
// ANTLR types. It walks the parse tree once, copies C++ bodies verbatim from
// the character stream, and reports structural errors the grammar accepts on
// purpose (statement order in initialize(), integer literals, ...).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_LIB_PARSE_ASTBUILDER_H
#define ASPEN_LIB_PARSE_ASTBUILDER_H

#include "AspenParser.h"
#include "antlr4-runtime.h"
#include "aspen/AST/AST.h"
#include "aspen/Basic/Diagnostics.h"

namespace aspen::parse {

class ASTBuilder {
public:
  /// Stdlib: the file is one of the standard library's, whose module
  /// declarations may have a node_local section.
  ASTBuilder(FileId File, antlr4::CharStream &Input, DiagnosticEngine &Diags,
             bool Stdlib = false)
      : File(File), Input(Input), Diags(Diags), Stdlib(Stdlib) {}

  std::unique_ptr<ast::TranslationUnit>
  build(AspenParser::TranslationUnitContext *Ctx);

private:
  using P = AspenParser;

  // Locations and text.
  SourceRange rangeOf(antlr4::ParserRuleContext *Ctx) const;
  SourceRange rangeOf(antlr4::Token *T) const;
  ast::Name nameOf(antlr4::tree::TerminalNode *N) const;
  std::string textBetween(size_t FirstChar, size_t LastChar) const;

  // Declarations.
  std::unique_ptr<ast::Decl> buildTopLevel(P::TopLevelDeclContext *Ctx);
  std::unique_ptr<ast::DirectiveDecl> buildDirective(antlr4::Token *T);
  std::unique_ptr<ast::RootModuleDecl> buildRoot(P::RootModuleContext *Ctx);
  std::unique_ptr<ast::DeclareModuleDecl>
  buildDeclare(P::DeclareModuleContext *Ctx);
  void buildParams(ast::DeclareModuleDecl &D, P::CxxBlockContext *B);
  void buildNodeLocal(ast::DeclareModuleDecl &D, P::NamedSectionContext *NS);
  std::unique_ptr<ast::BoxModuleDecl> buildBox(P::BoxModuleContext *Ctx);
  std::unique_ptr<ast::ActionModuleDecl>
  buildAction(P::ActionModuleContext *Ctx);
  std::unique_ptr<ast::NetDecl> buildNet(P::NetDefContext *Ctx);

  // Root module statements.
  std::unique_ptr<ast::Stmt> buildInitStmt(P::InitStmtContext *Ctx);
  ast::InstanceRef buildRef(P::InstanceRefContext *Ctx);
  /// Integer and tag expressions are left-deep trees: true, after one
  /// report per expression, when one is nested beyond MaxExprDepth.
  bool exceedsDepth(unsigned Depth, antlr4::ParserRuleContext *Ctx);
  std::unique_ptr<ast::IntExpr> buildInt(P::IntExprContext *Ctx,
                                         unsigned Depth = 0);
  bool parseInteger(antlr4::Token *T, int64_t &Value);

  // Networks.
  std::unique_ptr<ast::NetExpr> buildNetExpr(P::NetExprContext *Ctx);
  std::unique_ptr<ast::NetExpr> buildParallel(P::ParallelExprContext *Ctx);
  std::unique_ptr<ast::NetExpr> buildPostfix(P::PostfixExprContext *Ctx);
  std::unique_ptr<ast::NetExpr> buildPrimary(P::PrimaryNetContext *Ctx);
  std::unique_ptr<ast::NetExpr> buildFilter(P::FilterContext *Ctx);
  ast::FilterOutput buildFilterOutput(P::FilterOutputContext *Ctx);
  ast::RecordType buildRecordType(P::RecordTypeContext *Ctx);
  ast::RecordPattern buildPattern(P::RecordPatternContext *Ctx);
  ast::Signature buildSignature(P::SignatureContext *Ctx);
  std::unique_ptr<ast::TagExpr> buildTag(P::TagExprContext *Ctx,
                                         unsigned Depth = 0);

  // C++ bodies.
  std::unique_ptr<ast::DequeueExpr> buildDequeue(P::DequeueExprContext *D);
  bool buildReceiveQueues(ast::DequeueExpr &N,
                          const std::vector<P::CxxItemContext *> &Items);
  void buildReceiveOption(ast::DequeueExpr &N,
                          const std::vector<P::CxxItemContext *> &Items,
                          antlr4::Token *Comma);
  std::string itemsText(const std::vector<P::CxxItemContext *> &Items) const;
  void checkDirectives(antlr4::tree::ParseTree *T);
  ast::CxxBody
  buildFragments(size_t BeginChar, size_t EndChar, SourceLoc BeginLoc,
                 const std::vector<antlr4::tree::ParseTree *> &Items);
  ast::CxxBody buildBlockBody(P::CxxBlockContext *Ctx);
  std::unique_ptr<ast::CxxFragment> buildExtension(antlr4::tree::ParseTree *T);

  FileId File;
  antlr4::CharStream &Input;
  DiagnosticEngine &Diags;
  bool Stdlib;
  bool DepthReported = false; // the current expression is already diagnosed
  unsigned NetDepth = 0;      // network expressions being built
  bool NetDepthReported = false;
};

} // namespace aspen::parse

#endif // ASPEN_LIB_PARSE_ASTBUILDER_H

//===- ASTDumper.h - Stable text form of the AST ----------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// `aspenc --dump-ast` output: one node per line, children indented by two
// spaces, each line `Kind details <line:col-line:col>`. test/Parse checks it
// with FileCheck, so changes to the format are changes to those tests.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_AST_ASTDUMPER_H
#define ASPEN_AST_ASTDUMPER_H

#include "aspen/AST/AST.h"
#include "llvm/Support/raw_ostream.h"

namespace aspen::ast {

void dump(const TranslationUnit &TU, const SourceManager &SM,
          llvm::raw_ostream &OS);

/// Source-like spelling used inside dump lines, e.g. `p[1:(N - 1)].q`.
std::string toString(const IntExpr &E);
std::string toString(const TagExpr &E);
std::string toString(const RecordType &T);
std::string toString(const RecordPattern &P);
std::string toString(const Signature &S);
std::string toString(const TypeMap &M);
std::string toString(const NetSignature &S);
std::string toString(const InstanceRef &R);

} // namespace aspen::ast

#endif // ASPEN_AST_ASTDUMPER_H

//===- WireGen.h - Serializers for payload classes --------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Used by ClangRunner for programs on several nodes: an AST consumer that
// finds the program's payload classes and writes C++ registering a wire
// format for each (see WireGen.cpp for what is supported).
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_CODEGEN_LIB_WIREGEN_H
#define ASPEN_CODEGEN_LIB_WIREGEN_H

#include "aspen/CodeGen/ClangRunner.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceLocation.h"
#include <functional>
#include <memory>

namespace clang {
class SourceManager;
}

namespace aspen::codegen {

std::unique_ptr<clang::ASTConsumer>
makeWireConsumer(WireResult &Out,
                 std::function<SourceLoc(const clang::SourceManager &,
                                         clang::SourceLocation)>
                     Map);

} // namespace aspen::codegen

#endif // ASPEN_CODEGEN_LIB_WIREGEN_H

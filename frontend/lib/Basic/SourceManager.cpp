//===- SourceManager.cpp - Source files and locations ---------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/Basic/SourceManager.h"

using namespace aspen;

FileId SourceManager::addBuffer(std::string Name, std::string Text) {
  auto F = std::make_unique<File>();
  F->Name = std::move(Name);
  F->Text = std::move(Text);
  // A lone \r (old Mac line ends) ends a line for Clang but not for the
  // ANTLR lexer: made a \n, it ends one for both, and every location
  // (ours, and Clang's through #line) counts the same lines. \r\n stays.
  for (size_t I = 0, E = F->Text.size(); I != E; ++I)
    if (F->Text[I] == '\r' && (I + 1 == E || F->Text[I + 1] != '\n'))
      F->Text[I] = '\n';
  F->LineStarts.push_back(0);
  const std::string &T = F->Text;
  for (size_t I = 0, E = T.size(); I != E; ++I) {
    // Only \n ends a line (\r\n included), exactly as the ANTLR lexer
    // counts lines, so locations from tokens index this table directly.
    if (T[I] == '\n')
      F->LineStarts.push_back(static_cast<uint32_t>(I + 1));
  }
  Files.push_back(std::move(F));
  return FileId{static_cast<uint32_t>(Files.size())};
}

llvm::StringRef SourceManager::getLine(FileId Id, uint32_t Line) const {
  if (!Id.isValid() || Line == 0)
    return {};
  const File &F = file(Id);
  if (Line > F.LineStarts.size())
    return {};
  size_t Begin = F.LineStarts[Line - 1];
  size_t End = Line < F.LineStarts.size() ? F.LineStarts[Line] : F.Text.size();
  llvm::StringRef L(F.Text.data() + Begin, End - Begin);
  while (!L.empty() && (L.back() == '\n' || L.back() == '\r'))
    L = L.drop_back();
  return L;
}

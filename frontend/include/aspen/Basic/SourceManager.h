//===- SourceManager.h - Source files and locations -------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Owns the text of every input file and turns (file, line, column) triples
// back into the source line a diagnostic shows. Columns count Unicode code
// points from 1, matching what the lexer reports, so a caret lines up under
// non-ASCII text too.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_BASIC_SOURCEMANAGER_H
#define ASPEN_BASIC_SOURCEMANAGER_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace aspen {

/// Index of a file in a SourceManager. 0 is "no file".
struct FileId {
  uint32_t Index = 0;
  bool isValid() const { return Index != 0; }
  friend bool operator==(FileId A, FileId B) { return A.Index == B.Index; }
};

/// A point in a source file. Line and column are 1-based; a default
/// constructed location is invalid and prints without a position.
struct SourceLoc {
  FileId File;
  uint32_t Line = 0;
  uint32_t Col = 0;
  bool isValid() const { return File.isValid() && Line != 0; }
};

/// First and last character of a construct (both inclusive).
struct SourceRange {
  SourceLoc Begin;
  SourceLoc End;
};

class SourceManager {
public:
  /// Registers a file whose contents are already in memory.
  FileId addBuffer(std::string Name, std::string Text);

  llvm::StringRef getName(FileId F) const { return file(F).Name; }
  uint32_t numFiles() const { return static_cast<uint32_t>(Files.size()); }
  llvm::StringRef getText(FileId F) const { return file(F).Text; }

  /// The text of line `Line` (1-based) without its line terminator, or an
  /// empty string when the line does not exist.
  llvm::StringRef getLine(FileId F, uint32_t Line) const;

private:
  struct File {
    std::string Name;
    std::string Text;
    std::vector<uint32_t> LineStarts; // byte offset of each line
  };
  const File &file(FileId F) const { return *Files[F.Index - 1]; }
  std::vector<std::unique_ptr<File>> Files;
};

} // namespace aspen

#endif // ASPEN_BASIC_SOURCEMANAGER_H

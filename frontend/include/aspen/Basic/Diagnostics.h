//===- Diagnostics.h - Located errors, warnings and notes -------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every phase reports problems through a DiagnosticEngine: it collects them
// (phases never throw), counts errors, and prints each one as
//
//   file:line:col: error: message
//     the source line
//         ^
//
// The kinds are listed once, in DiagnosticKinds.def.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_BASIC_DIAGNOSTICS_H
#define ASPEN_BASIC_DIAGNOSTICS_H

#include "aspen/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace aspen {

enum class DiagId : unsigned {
#define DIAG(Id, Severity, Format) Id,
#include "aspen/Basic/DiagnosticKinds.def"
};

enum class Severity { Note, Warning, Error };

/// One emitted diagnostic, kept so tools and unit tests can inspect them.
/// A suggested edit: replace Length columns at the diagnostic's location
/// with Replacement. Printed under the caret, as clang does.
struct FixIt {
  unsigned Length = 0;
  std::string Replacement;
};

struct Diagnostic {
  DiagId Id;
  Severity Sev;
  SourceLoc Loc;
  std::string Message;
  std::optional<FixIt> Fix;
};

class DiagnosticEngine;

/// Collects the arguments of one diagnostic; emits it when destroyed.
class DiagnosticBuilder {
public:
  DiagnosticBuilder(DiagnosticEngine &Engine, SourceLoc Loc, DiagId Id)
      : Engine(&Engine), Loc(Loc), Id(Id) {}
  DiagnosticBuilder(DiagnosticBuilder &&Other) noexcept
      : Engine(Other.Engine), Loc(Other.Loc), Id(Other.Id),
        Args(std::move(Other.Args)), Fix(std::move(Other.Fix)) {
    Other.Engine = nullptr;
  }
  /// Suggests replacing the Length columns at the location.
  DiagnosticBuilder &fixIt(unsigned Length, std::string Replacement) {
    Fix = FixIt{Length, std::move(Replacement)};
    return *this;
  }
  DiagnosticBuilder(const DiagnosticBuilder &) = delete;
  ~DiagnosticBuilder();

  DiagnosticBuilder &operator<<(llvm::StringRef S) {
    Args.push_back(S.str());
    return *this;
  }
  DiagnosticBuilder &operator<<(const char *S) {
    Args.emplace_back(S);
    return *this;
  }
  DiagnosticBuilder &operator<<(const std::string &S) {
    Args.push_back(S);
    return *this;
  }
  DiagnosticBuilder &operator<<(long long V) {
    Args.push_back(std::to_string(V));
    return *this;
  }
  DiagnosticBuilder &operator<<(unsigned V) {
    Args.push_back(std::to_string(V));
    return *this;
  }
  DiagnosticBuilder &operator<<(int V) {
    Args.push_back(std::to_string(V));
    return *this;
  }

private:
  DiagnosticEngine *Engine;
  SourceLoc Loc;
  DiagId Id;
  std::vector<std::string> Args;
  std::optional<FixIt> Fix;
};

class DiagnosticEngine {
public:
  /// Diagnostics are printed to `OS` as they are emitted. Colours are used
  /// only when `OS` is a terminal.
  DiagnosticEngine(SourceManager &SM, llvm::raw_ostream &OS);

  /// Phases that read more files (headers, for Clang's diagnostics) add
  /// them here so their lines can be shown.
  SourceManager &getSourceManager() { return SM; }

  DiagnosticBuilder report(SourceLoc Loc, DiagId Id) {
    return DiagnosticBuilder(*this, Loc, Id);
  }

  unsigned getNumErrors() const { return NumErrors; }
  unsigned getNumWarnings() const { return NumWarnings; }
  bool hasErrors() const { return NumErrors != 0; }
  const std::vector<Diagnostic> &getDiagnostics() const { return Diags; }

  /// Stop printing after this many errors (0: no limit). Counting goes on.
  void setErrorLimit(unsigned Limit) { ErrorLimit = Limit; }
  void setWarningsAsErrors(bool B) { WarningsAsErrors = B; }
  void setSuppressWarnings(bool B) { SuppressWarnings = B; }

  static Severity getSeverity(DiagId Id);
  static llvm::StringRef getFormat(DiagId Id);

private:
  friend class DiagnosticBuilder;
  void emit(SourceLoc Loc, DiagId Id, const std::vector<std::string> &Args,
            std::optional<FixIt> Fix = std::nullopt);
  void print(const Diagnostic &D);

  SourceManager &SM;
  llvm::raw_ostream &OS;
  std::vector<Diagnostic> Diags;
  unsigned NumErrors = 0;
  unsigned NumWarnings = 0;
  unsigned ErrorLimit = 20;
  bool WarningsAsErrors = false;
  bool SuppressWarnings = false;
  bool LimitReported = false;
  bool LastSuppressed = false;
  /// Errors and warnings printed, by place and text.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t, std::string>> Reported;
};

} // namespace aspen

#endif // ASPEN_BASIC_DIAGNOSTICS_H

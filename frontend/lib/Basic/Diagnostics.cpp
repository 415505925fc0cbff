//===- Diagnostics.cpp - Located errors, warnings and notes ---------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "aspen/Basic/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/WithColor.h"
#include <algorithm>

using namespace aspen;

DiagnosticBuilder::~DiagnosticBuilder() {
  if (Engine)
    Engine->emit(Loc, Id, Args, std::move(Fix));
}

DiagnosticEngine::DiagnosticEngine(SourceManager &SM, llvm::raw_ostream &OS)
    : SM(SM), OS(OS) {}

Severity DiagnosticEngine::getSeverity(DiagId Id) {
  static const Severity Table[] = {
#define DIAG(Id, Sev, Format) Severity::Sev,
#include "aspen/Basic/DiagnosticKinds.def"
  };
  return Table[static_cast<unsigned>(Id)];
}

llvm::StringRef DiagnosticEngine::getFormat(DiagId Id) {
  static const char *const Table[] = {
#define DIAG(Id, Sev, Format) Format,
#include "aspen/Basic/DiagnosticKinds.def"
  };
  return Table[static_cast<unsigned>(Id)];
}

/// Replaces %0..%9 in `Format` with `Args`; `%%` is a literal percent.
static std::string format(llvm::StringRef Format,
                          const std::vector<std::string> &Args) {
  std::string Out;
  for (size_t I = 0; I < Format.size(); ++I) {
    char C = Format[I];
    if (C == '%' && I + 1 < Format.size()) {
      char N = Format[I + 1];
      if (N >= '0' && N <= '9') {
        size_t Index = N - '0';
        if (Index < Args.size())
          Out += Args[Index];
        ++I;
        continue;
      }
      if (N == '%') {
        Out += '%';
        ++I;
        continue;
      }
    }
    Out += C;
  }
  return Out;
}

void DiagnosticEngine::emit(SourceLoc Loc, DiagId Id,
                            const std::vector<std::string> &Args,
                            std::optional<FixIt> Fix) {
  Diagnostic D{Id, getSeverity(Id), Loc, format(getFormat(Id), Args),
               std::move(Fix)};
  if (D.Sev == Severity::Warning && WarningsAsErrors)
    D.Sev = Severity::Error;
  if (D.Sev == Severity::Warning && SuppressWarnings) {
    LastSuppressed = true;
    return;
  }
  // A note belongs to the diagnostic before it: drop it with its parent.
  if (D.Sev == Severity::Note && LastSuppressed)
    return;
  // The same error or warning at the same place is reported once: a
  // sub-root's body is checked once per instance of it, and Clang reports
  // a template's error once per instantiation.
  if (D.Sev != Severity::Note && D.Loc.isValid() &&
      !Reported.insert({D.Loc.File.Index, D.Loc.Line, D.Loc.Col, D.Message})
           .second) {
    LastSuppressed = true;
    return;
  }
  LastSuppressed = false;
  if (D.Sev == Severity::Error)
    ++NumErrors;
  else if (D.Sev == Severity::Warning)
    ++NumWarnings;
  Diags.push_back(D);
  if (ErrorLimit && NumErrors > ErrorLimit) {
    LastSuppressed = true;
    if (!LimitReported) {
      LimitReported = true;
      OS << "aspenc: ";
      llvm::WithColor(OS, llvm::HighlightColor::Error) << "error: ";
      OS << "too many errors emitted, stopping now\n";
    }
    return;
  }
  print(D);
}

void DiagnosticEngine::print(const Diagnostic &D) {
  // Without a place in a file, the message says who speaks, as compilers'
  // own messages do ("aspenc: error: no input files").
  if (D.Loc.isValid()) {
    llvm::WithColor(OS, llvm::HighlightColor::Address)
        << SM.getName(D.Loc.File) << ':' << D.Loc.Line << ':' << D.Loc.Col
        << ": ";
  } else {
    OS << "aspenc: ";
  }
  switch (D.Sev) {
  case Severity::Error:
    llvm::WithColor(OS, llvm::HighlightColor::Error) << "error: ";
    break;
  case Severity::Warning:
    llvm::WithColor(OS, llvm::HighlightColor::Warning) << "warning: ";
    break;
  case Severity::Note:
    llvm::WithColor(OS, llvm::HighlightColor::Note) << "note: ";
    break;
  }
  llvm::WithColor(OS, llvm::raw_ostream::SAVEDCOLOR, true) << D.Message;
  OS << '\n';
  if (!D.Loc.isValid())
    return;

  // The source line, then a caret under column Col. Tabs are copied into the
  // caret line so the caret stays aligned whatever the tab width.
  llvm::StringRef Line = SM.getLine(D.Loc.File, D.Loc.Line);
  // A binary or malformed line would only add noise.
  if (Line.empty() || Line.size() > (1u << 20) ||
      !llvm::all_of(Line, [](char C) {
        return C == '\t' || static_cast<unsigned char>(C) >= 0x20;
      }))
    return;
  {
    auto *B = reinterpret_cast<const llvm::UTF8 *>(Line.data());
    if (!llvm::isLegalUTF8String(&B, B + Line.size()))
      return;
  }
  // Byte offset of each code point up to the caret.
  size_t CaretByte = 0;
  for (uint32_t Col = 1; CaretByte < Line.size() && Col < D.Loc.Col; ++Col) {
    unsigned Len = llvm::getNumBytesForUTF8(Line[CaretByte]);
    CaretByte += Len == 0 ? 1 : Len;
  }
  // On a long line show a window around the caret, as clang does.
  constexpr size_t Window = 80;
  size_t Begin = 0, End = Line.size();
  if (Line.size() > 2 * Window) {
    Begin = CaretByte > Window ? CaretByte - Window : 0;
    while (Begin > 0 &&
           (static_cast<unsigned char>(Line[Begin]) & 0xC0) == 0x80)
      --Begin;
    End = std::min(Line.size(), CaretByte + Window);
    while (End < Line.size() &&
           (static_cast<unsigned char>(Line[End]) & 0xC0) == 0x80)
      ++End;
  }
  std::string Prefix = Begin ? "..." : "";
  OS << Prefix << Line.slice(Begin, End) << (End < Line.size() ? "..." : "")
     << '\n';
  std::string Caret(Prefix.size(), ' ');
  for (size_t I = Begin; I < CaretByte;) {
    Caret += Line[I] == '\t' ? '\t' : ' ';
    unsigned Len = llvm::getNumBytesForUTF8(Line[I]);
    I += Len == 0 ? 1 : Len;
  }
  // A fix-it underlines what it replaces and shows the replacement below.
  std::string Under;
  if (D.Fix && D.Fix->Length > 1)
    Under.assign(D.Fix->Length - 1, '~');
  llvm::WithColor(OS, llvm::HighlightColor::Remark) << Caret << "^" << Under;
  OS << '\n';
  if (D.Fix)
    llvm::WithColor(OS, llvm::HighlightColor::String)
        << Caret << D.Fix->Replacement << '\n';
}

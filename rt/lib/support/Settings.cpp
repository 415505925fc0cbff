//===- Settings.cpp - The settings, listed for --help and the docs --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "support/Settings.h"
#include <string>
#include <vector>

extern char **environ;

using namespace aspen::rt;

namespace {
/// Markdown's code spans, as plain text.
std::string plain(const char *S) {
  std::string P;
  for (; *S; ++S)
    if (*S != '`')
      P += *S;
  return P;
}
} // namespace

void aspen::rt::printSettings(FILE *F, bool Markdown) {
  if (Markdown) {
    std::fprintf(F, "| variable | default | meaning |\n| --- | --- | --- |\n");
    for (const SettingInfo &I : SettingTable)
      std::fprintf(F, "| `%s` | %s | %s |\n", I.Name, I.Shown, I.Help);
    return;
  }
  for (const SettingInfo &I : SettingTable) {
    std::string Line = std::string("  ") + I.Name;
    Line.resize(std::max<size_t>(Line.size() + 2, 30), ' ');
    Line += plain(I.Summary);
    if (I.Kind == SettingKind::Launch)
      Line += " (set by the launcher)";
    else
      Line += " (default: " + plain(I.Shown) + ")";
    std::fprintf(F, "%s\n", Line.c_str());
  }
}

namespace {
/// Levenshtein distance, for names of a few dozen characters.
size_t distance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Up = Row[J];
      Row[J] = std::min(
          {Row[J] + 1, Row[J - 1] + 1, Diag + (A[I - 1] == B[J - 1] ? 0 : 1)});
      Diag = Up;
    }
  }
  return Row[B.size()];
}
} // namespace

void aspen::rt::warnMisspelledSettings() {
  // Only names near a setting's are reported: other ASPEN_* variables
  // belong to build scripts and tools, not to the program.
  for (char **E = environ; E && *E; ++E) {
    std::string Var(*E);
    size_t Eq = Var.find('=');
    std::string Name = Var.substr(0, Eq);
    if (Name.compare(0, 6, "ASPEN_") != 0)
      continue;
    const SettingInfo *Best = nullptr;
    size_t BestD = ~size_t(0);
    for (const SettingInfo &I : SettingTable) {
      size_t D = distance(Name, I.Name);
      if (D < BestD)
        Best = &I, BestD = D;
    }
    if (BestD == 0 || !Best)
      continue;
    if (BestD <= 2 && 3 * BestD <= Name.size() - 6)
      std::fprintf(stderr,
                   "aspen: warning: %s is not a setting; did you mean %s? "
                   "(--help lists them)\n",
                   Name.c_str(), Best->Name);
  }
}

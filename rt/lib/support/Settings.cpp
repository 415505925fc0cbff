//===- Settings.cpp - The settings, listed for --help and the docs --------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "support/Settings.h"
#include <string>

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

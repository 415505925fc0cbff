//===- Settings.h - The runtime's settings from the environment -*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every ASPEN_* setting is listed once, in aspen/abi/settings.def, and read
// through these, so a bad value is reported the same way everywhere, before
// anything runs, with exit status 2, and its range and default are the
// ones --help and docs/runtime.md show.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SUPPORT_SETTINGS_H
#define ASPEN_RT_SUPPORT_SETTINGS_H

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace aspen::rt {

/// A count or size from the environment: decimal, with an optional k or M
/// suffix (x1024, x1024^2); unset or empty is Default; out of [Min, Max]
/// or not a number is an error.
inline size_t envSize(const char *Name, size_t Default, size_t Min,
                      size_t Max) {
  const char *V = std::getenv(Name);
  if (!V || !*V)
    return Default;
  // Digits only (strtoull would also take blanks and a sign, and wrap a
  // negative number round), and no overflow, also from the suffix.
  char *End = nullptr;
  errno = 0;
  unsigned long long N = std::strtoull(V, &End, 10);
  bool Bad = *V < '0' || *V > '9' || errno == ERANGE;
  unsigned Shift = 0;
  if (*End == 'k' || *End == 'K')
    Shift = 10, ++End;
  else if (*End == 'm' || *End == 'M')
    Shift = 20, ++End;
  if (Shift && N > (~0ull >> Shift))
    Bad = true;
  N <<= Shift;
  if (Bad || *End != '\0' || N < Min || N > Max) {
    std::fprintf(stderr,
                 "aspen: error: %s=%s is not a number between %zu and %zu\n",
                 Name, V, Min, Max);
    std::exit(2);
  }
  return size_t(N);
}

/// A 0/1 switch from the environment: unset or empty is Default; anything
/// but 0 or 1 is an error (ASPEN_PIN=no must not pin).
inline bool envFlag(const char *Name, bool Default) {
  const char *V = std::getenv(Name);
  if (!V || !*V)
    return Default;
  if (std::strcmp(V, "0") == 0 || std::strcmp(V, "1") == 0)
    return *V == '1';
  std::fprintf(stderr, "aspen: error: %s=%s is not 0 or 1\n", Name, V);
  std::exit(2);
}

enum class Setting : unsigned {
#define ASPEN_SETTING(Id, ...) Id,
#include "aspen/abi/settings.def"
};

enum class SettingKind : unsigned { Count, Flag, File, Text, Launch };

struct SettingInfo {
  const char *Name; // ASPEN_WORKERS
  SettingKind Kind;
  uint64_t Default, Min, Max;
  const char *Shown, *Summary, *Help;
};

inline constexpr SettingInfo SettingTable[] = {
#define ASPEN_SETTING(Id, Kind, Default, Min, Max, Shown, Summary, Help)       \
  {"ASPEN_" #Id, SettingKind::Kind, Default, Min, Max, Shown, Summary, Help},
#include "aspen/abi/settings.def"
};

inline const SettingInfo &info(Setting S) { return SettingTable[unsigned(S)]; }

/// A Count setting, checked against its range (its default when unset).
inline size_t settingCount(Setting S) {
  const SettingInfo &I = info(S);
  return envSize(I.Name, size_t(I.Default), size_t(I.Min), size_t(I.Max));
}
/// A Count setting whose default is not a constant (the cores there are).
inline size_t settingCount(Setting S, size_t Default) {
  const SettingInfo &I = info(S);
  return envSize(I.Name, Default, size_t(I.Min), size_t(I.Max));
}
/// A Flag setting.
inline bool settingFlag(Setting S) {
  const SettingInfo &I = info(S);
  return envFlag(I.Name, I.Default != 0);
}
/// A File, Text or Launch setting: null when unset or empty.
inline const char *settingText(Setting S) {
  const char *V = std::getenv(info(S).Name);
  return V && *V ? V : nullptr;
}
/// Every setting, a line each (for --help), or the Markdown table of
/// docs/runtime.md.
void printSettings(FILE *F, bool Markdown);

/// Warns about each ASPEN_* variable that is a setting's name misspelled
/// (within two edits of one): the setting it meant would silently keep its
/// default.
void warnMisspelledSettings();

/// Whether the user set it (to anything), for settings that override
/// what the runtime would choose.
inline bool settingGiven(Setting S) {
  return std::getenv(info(S).Name) != nullptr;
}

} // namespace aspen::rt

#endif // ASPEN_RT_SUPPORT_SETTINGS_H

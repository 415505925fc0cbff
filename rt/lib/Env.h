//===- Env.h - The runtime's settings from the environment -----*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// Every ASPEN_* setting is read through these, so a bad value is reported
// the same way everywhere, before anything runs, with exit status 2.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_LIB_ENV_H
#define ASPEN_RT_LIB_ENV_H

#include <cerrno>
#include <cstddef>
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

} // namespace aspen::rt

#endif // ASPEN_RT_LIB_ENV_H

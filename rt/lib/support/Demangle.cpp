//===- Demangle.cpp - C++ type names for messages -------------------------===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#include "support/Demangle.h"
#include <cstdlib>
#include <cxxabi.h>

std::string aspen::rt::demangle(const char *Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string S = Status == 0 && D ? D : Name;
  std::free(D);
  return S;
}

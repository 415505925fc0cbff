//===- Demangle.h - C++ type names for messages -----------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_RT_SUPPORT_DEMANGLE_H
#define ASPEN_RT_SUPPORT_DEMANGLE_H

#include <string>

namespace aspen::rt {

/// `typeid(X).name()` as the user wrote the type (the mangled name if it
/// cannot be demangled).
std::string demangle(const char *Name);

} // namespace aspen::rt

#endif // ASPEN_RT_SUPPORT_DEMANGLE_H

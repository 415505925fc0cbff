//===- abi.h - C++ prototypes of the runtime's ABI --------------*- C++ -*-===//
//
// Part of aspen, under the Apache License v2.0 with LLVM Exceptions.
//
//===----------------------------------------------------------------------===//
//
// The functions of abi.def as C++ declarations, for the runtime that defines
// them and for tests that drive it directly; generated code declares the
// same list through llvm::IRBuilder. They have C linkage, so the namespace
// only scopes the type names.
//
//===----------------------------------------------------------------------===//

#ifndef ASPEN_ABI_ABI_H
#define ASPEN_ABI_ABI_H

#include <cstdint>

namespace aspen::rtabi {
using Void = void;
using I32 = int32_t;
using U32 = uint32_t;
using U64 = uint64_t;
using Ptr = const void *;

#define ASPEN_RT_FN(Name, Result, ...) extern "C" Result Name(__VA_ARGS__);
#include "aspen/abi/abi.def"
} // namespace aspen::rtabi

#endif // ASPEN_ABI_ABI_H
